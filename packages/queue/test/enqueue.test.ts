import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, InvalidJobPayloadError, producerConnection, redisOptionsFromUrl } from '../src/index.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const message = { to: ['ada@example.com'], subject: 'Hello', text: 'Body' };

describe('enqueue', () => {
  it('writes one outbox row whose job id is the outbox id', async () => {
    const enqueued = await enqueue(t.db, { name: 'mail.send', payload: message });
    const row = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('outbox_id', '=', enqueued.outboxId)
      .executeTakeFirstOrThrow();
    expect(enqueued.jobId).toBe(enqueued.outboxId);
    expect(row).toMatchObject({ queue: 'mail', job_name: 'mail.send', payload: message, job_id: null });
    expect(row.published_at).toBeNull();
  });

  it('keeps a deterministic job id', async () => {
    const enqueued = await enqueue(t.db, { name: 'mail.send', payload: message, jobId: 'digest-2026-11-23' });
    expect(enqueued.jobId).toBe('digest-2026-11-23');
  });

  it('commits and rolls back with the caller transaction', async () => {
    const marker = { ...message, subject: 'rolled back' };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueue(trx, { name: 'mail.send', payload: marker });
        throw new Error('domain change refused');
      }),
    ).rejects.toThrow('domain change refused');
    const rows = await t.db
      .selectFrom('outbox')
      .select('outbox_id')
      .where('payload', '@>', JSON.stringify({ subject: 'rolled back' }))
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a payload that does not match the job, naming the field', async () => {
    const bad = { ...message, to: [] };
    await expect(enqueue(t.db, { name: 'mail.send', payload: bad })).rejects.toThrow(InvalidJobPayloadError);
    await expect(enqueue(t.db, { name: 'mail.send', payload: bad })).rejects.toThrow(/\/to/);
  });

  it('refuses job ids BullMQ would refuse', async () => {
    await expect(
      enqueue(t.db, { name: 'mail.send', payload: message, jobId: 'monitors-check:2026-11-23' }),
    ).rejects.toThrow(/must not contain ':'/);
    await expect(enqueue(t.db, { name: 'mail.send', payload: message, jobId: '42' })).rejects.toThrow(
      /non-integer/,
    );
  });

  it('is type-checked at the call site', () => {
    // These lines exist for tsc: each must be a type error.
    const typeErrors = () => [
      // @ts-expect-error unknown job name
      enqueue(t.db, { name: 'mail.sned', payload: message }),
      // @ts-expect-error payload of the wrong shape
      enqueue(t.db, { name: 'mail.send', payload: { to: 'one@example.com', subject: 's', text: 't' } }),
    ];
    expect(typeof typeErrors).toBe('function');
  });
});

describe('Redis connection options', () => {
  it('reads REDIS_URL and fails fast for producers', () => {
    expect(redisOptionsFromUrl('rediss://user:p%40ss@cache.internal:6380/2')).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: {},
    });
    expect(producerConnection('redis://127.0.0.1:6379')).toMatchObject({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    expect(() => redisOptionsFromUrl('http://127.0.0.1')).toThrow(/REDIS_URL/);
  });
});
