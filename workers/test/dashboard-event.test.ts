import { randomUUID } from 'node:crypto';
import { findDashboardEvent } from '@portal/db';
import { enqueue, enqueueMany, workerConnection } from '@portal/queue';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { quietLogger, REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';

const prefix = randomPrefix();
let t: TestDatabase;
let dashboardId: number;
let workers: RunningWorkers;
let queue: Queue;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insertInto('access_types').values({ code: 'EXT', name: 'External' }).execute();
  const partner = await t.db
    .insertInto('partners')
    .values({ access_type_code: 'EXT', code: 'BJS', name: "BJ's", updated_at: new Date() })
    .returning('partner_id')
    .executeTakeFirstOrThrow();
  const dashboard = await t.db
    .insertInto('dashboards')
    .values({
      partner_id: partner.partner_id,
      dashboard_name: 'Sales Overview',
      dashboard_url: '/content/demo-sales-overview/',
      dashboard_type: 'RSTUDIO',
      updated_at: new Date(),
    })
    .returning('dashboard_id')
    .executeTakeFirstOrThrow();
  dashboardId = dashboard.dashboard_id;
  workers = await startWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    queues: ['activity'],
    mailConfig: { from: 'no-reply@portal.local', mailDir: '/tmp' },
    logger: quietLogger,
    relay: { pollMs: 100 },
    // The events below are dated November 2026 and the months before: a clock of then keeps them
    // within the 13 months' retention whenever the test runs.
    now: () => new Date('2026-11-26T12:00:00.000Z'),
  });
  queue = new Queue('activity', { connection: workerConnection(REDIS_URL), prefix });
});

afterAll(async () => {
  await workers?.stop();
  await queue?.obliterate({ force: true });
  await queue?.close();
  await t?.drop();
});

const views = async (month: string) =>
  (
    await t.db
      .selectFrom('dashboard_views_monthly')
      .select('views')
      .where('dashboard_id', '=', dashboardId)
      .where('month', '=', month)
      .executeTakeFirst()
  )?.views ?? 0;

describe('the activity.dashboard-event job', () => {
  it('stores a view once and counts it once in its month, even when the job runs again', async () => {
    const eventId = randomUUID();
    const { jobId } = await enqueue(t.db, {
      name: 'activity.dashboard-event',
      payload: {
        eventId,
        dashboardId,
        userId: 'partner@demo.portal',
        kind: 'VIEW',
        occurredAt: '2026-11-20T15:00:00.000Z',
      },
    });
    const first = await waitFor('the job to complete', async () => {
      const job = await queue.getJob(jobId);
      return job?.finishedOn && (await job.isCompleted()) ? job.finishedOn : undefined;
    });
    expect(await findDashboardEvent(t.db, eventId)).toMatchObject({
      dashboard_id: dashboardId,
      kind: 'VIEW',
    });
    expect(await views('2026-11-01')).toBe(1);

    await (await queue.getJob(jobId))?.retry('completed');
    await waitFor('the job to complete a second time', async () => {
      const again = await queue.getJob(jobId);
      return again?.finishedOn && again.finishedOn > first && (await again.isCompleted());
    });
    expect(await views('2026-11-01')).toBe(1);
  });

  it('stores a failure with what the viewer saw and counts no view', async () => {
    const eventId = randomUUID();
    await enqueue(t.db, {
      name: 'activity.dashboard-event',
      payload: {
        eventId,
        dashboardId,
        userId: 'partner@demo.portal',
        kind: 'FAIL',
        occurredAt: '2026-10-03T09:00:00.000Z',
        detail: { status: 503, reason: 'status' },
      },
    });
    const event = await waitFor('the failure to be stored', () => findDashboardEvent(t.db, eventId));
    expect(event).toMatchObject({ kind: 'FAIL', detail: { status: 503, reason: 'status' } });
    expect(await views('2026-10-01')).toBe(0);
  });

  it('stores a burst of events published together as one group, counting each view once', async () => {
    const payloads = Array.from({ length: 40 }, () => ({
      eventId: randomUUID(),
      dashboardId,
      userId: 'partner@demo.portal',
      kind: 'VIEW' as const,
      occurredAt: '2026-09-10T12:00:00.000Z',
    }));
    await enqueueMany(
      t.db,
      payloads.map((payload) => ({ name: 'activity.dashboard-event' as const, payload })),
    );
    await waitFor('the 40 views to be counted', async () =>
      (await views('2026-09-01')) === 40 ? true : undefined,
    );
    const stored = await t.db
      .selectFrom('dashboard_activity_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'event_id',
        'in',
        payloads.map((p) => p.eventId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(40);
    // Fewer jobs than events: the relay grouped them (one pass takes up to 100 rows).
    const jobs = await queue.getJobs(['completed'], 0, -1);
    const carrying = jobs.filter((job) => Array.isArray(job.data) && job.data.length > 1);
    expect(carrying.length).toBeGreaterThan(0);
    expect(carrying.flatMap((job) => job.data).length).toBeLessThanOrEqual(40);
  });
});
