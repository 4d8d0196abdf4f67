import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@portal/db';
import { defineJob, mailSend } from '@portal/queue';
import { createTestDatabase } from '@portal/testing/db';
import { quietLogger, REDIS_URL, randomPrefix } from '@portal/testing/workers/helpers';
import { UnrecoverableError } from 'bullmq';
import pino from 'pino';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { createRegistry, defineHandler } from '../src/registry.js';
import { startWorkers } from '../src/start-workers.js';

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

  it('refuses to start a worker given no queue to consume, like an empty WORKER_QUEUES', async () => {
    const t = await createTestDatabase();
    const handle = connect({ databaseUrl: t.url, maxConnections: 1 });
    const logged: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    try {
      const starting = startWorkers({
        handle,
        redisUrl: REDIS_URL,
        prefix: randomPrefix(),
        queues: [],
        mailConfig: { from: DEFAULT_MAIL_FROM, mailDir: join(tmpdir(), 'portal-registry-test-mail') },
        logger,
        relay: false,
      });
      await expect(starting).rejects.toThrow('Workers: no queue to consume; name one or more of mail,');
      expect(logged.join('')).not.toContain('workers started');
    } finally {
      await handle.close();
      await t.drop();
    }
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
