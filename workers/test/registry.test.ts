import { defineJob, mailSend } from '@portal/queue';
import { Type } from '@sinclair/typebox';
import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { createRegistry, defineHandler } from '../src/registry.js';
import { quietLogger } from './helpers.js';

const context = { jobId: 'job-1', attemptsMade: 0, logger: quietLogger };
const orphan = defineJob({
  name: 'reports.orphan',
  queue: 'batches',
  payload: Type.Object({ reportId: Type.Integer() }),
  attempts: 1,
  backoff: { type: 'exponential', delay: 1000 },
});

describe('job registry', () => {
  it('refuses to boot when a job has no handler, naming the job', () => {
    const mailHandler = defineHandler('mail.send', async () => {});
    expect(() => createRegistry({ 'mail.send': mailHandler }, [mailSend, orphan])).toThrow(
      'Job registry: job "reports.orphan" (queue batches) has no handler',
    );
    expect(() => createRegistry({})).toThrow(/job "mail\.send" \(queue mail\) has no handler/);
  });

  it('refuses to boot when a job has two handlers', () => {
    const one = defineHandler('mail.send', async () => {});
    const two = defineHandler('mail.send', async () => {});
    // The compiler rules this out for workers/src/handlers.ts; the registry checks it again at boot.
    expect(() => createRegistry({ 'mail.send': one, 'monitors.check': two })).toThrow(
      /job "mail\.send" has 2 handlers/,
    );
  });

  it('refuses to consume a queue that no job uses, and by default consumes every queue with a job', () => {
    const registry = createRegistry({ 'mail.send': defineHandler('mail.send', async () => {}) }, [mailSend]);
    expect(registry.consumed()).toEqual(['mail']);
    expect(registry.consumed(['mail'])).toEqual(['mail']);
    expect(() => registry.consumed(['mail', 'activity'])).toThrow(
      'Workers: no job uses queue activity; remove it from WORKER_QUEUES.',
    );
  });

  it('runs the one handler with a checked payload, and fails bad jobs without retrying', async () => {
    const seen: string[] = [];
    const registry = createRegistry(
      {
        'mail.send': defineHandler('mail.send', async (payload, { jobId }) => {
          seen.push(`${jobId}:${payload.subject}`);
        }),
      },
      [mailSend],
    );
    expect(registry.queues()).toEqual(['mail']);
    await registry.run('mail.send', { to: ['a@example.com'], subject: 'Hi', text: '.' }, context);
    expect(seen).toEqual(['job-1:Hi']);
    await expect(registry.run('mail.send', { to: [] }, context)).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(registry.run('reports.unknown', {}, context)).rejects.toThrow(
      /No handler for job "reports.unknown"/,
    );
  });
});
