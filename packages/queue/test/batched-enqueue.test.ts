import { randomUUID } from 'node:crypto';
import { createTestDatabase, recordStatements, type TestDatabase } from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchedEnqueue, InvalidJobPayloadError, type JobRequest } from '../src/index.js';

// Group commit of tracking jobs: calls close together share one INSERT, each call resolves only
// once its row is in the outbox, and a bad request fails alone.
const view = (): JobRequest => ({
  name: 'activity.dashboard-event',
  payload: {
    eventId: randomUUID(),
    dashboardId: 1,
    userId: 'u1',
    kind: 'VIEW',
    occurredAt: new Date().toISOString(),
  },
});

describe('batched enqueue', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.drop());

  const outboxCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes a burst of calls with a few statements, each call answered once its row is stored', async () => {
    const recorder = recordStatements(t.pool as NonNullable<typeof t.pool>);
    const outbox = createBatchedEnqueue(t.db, { maxWaitMs: 20, maxBatch: 40 });
    const before = await outboxCount();
    recorder.reset();
    const calls = Array.from({ length: 100 }, () => outbox.enqueue(view()));
    await Promise.all(calls);
    const inserts = recorder.statements.filter((s) => /insert into outbox/i.test(s.sql));
    recorder.stop();
    expect(await outboxCount()).toBe(before + 100);
    expect(inserts.length).toBeGreaterThanOrEqual(3); // 40 + 40 + 20
    expect(inserts.length).toBeLessThanOrEqual(5);
    await outbox.close();
  });

  it('refuses an invalid request alone, and close() writes what is waiting', async () => {
    const outbox = createBatchedEnqueue(t.db, { maxWaitMs: 60_000 });
    const before = await outboxCount();
    const good = outbox.enqueue(view());
    expect(() => outbox.enqueue({ ...view(), payload: { eventId: 'x' } } as unknown as JobRequest)).toThrow(
      InvalidJobPayloadError,
    );
    await outbox.close();
    await good;
    expect(await outboxCount()).toBe(before + 1);
  });
});
