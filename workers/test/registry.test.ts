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
    expect(() => createRegistry([mailHandler], [mailSend, orphan])).toThrow(
      'Job registry: job "reports.orphan" (queue batches) has no handler',
    );
    expect(() => createRegistry([])).toThrow(/job "mail\.send" \(queue mail\) has no handler/);
  });

  it('refuses to boot when a job has two handlers', () => {
    const one = defineHandler('mail.send', async () => {});
    const two = defineHandler('mail.send', async () => {});
    expect(() => createRegistry([one, two])).toThrow(/job "mail\.send" has 2 handlers/);
  });

  it('runs the one handler with a checked payload, and fails bad jobs without retrying', async () => {
    const seen: string[] = [];
    const registry = createRegistry(
      [
        defineHandler('mail.send', async (payload, { jobId }) => {
          seen.push(`${jobId}:${payload.subject}`);
        }),
      ],
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
