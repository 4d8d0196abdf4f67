import { applyRetention, type Database, deleteInBatches } from '@portal/db';
import { DEFAULT_RETENTION } from '@portal/domain/operations/retention';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newMonitor,
  newPartner,
  newUser,
  type TestDatabase,
} from '@portal/testing/db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logDeleteStatements } from './delete-statements.js';
import { startWriter } from './retention-writer.js';

// Issue 29: each table cut row by row is filled past its bound (a few thousand rows), the
// retention pass runs with a small batch size, and the table is back to its bound, while a writer
// with a 50 ms lock_timeout keeps inserting and updating the same table and never fails.
const BATCH = 500;
const OLD = 3000;

let t: TestDatabase;
let partnerId: number;
let endpointId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureReferenceData(t.db);
  partnerId = await newPartner(t.db, { code: 'RET' });
  await newCategory(t.db, { code: 'RETCAT' });
  await newUser(t.db, { userId: 'retention.user' });
  endpointId = (
    await t.db
      .insertInto('webhook_endpoints')
      .values({
        service_account_id: 'retention.user',
        url: 'https://hooks.example.test/portal',
        event_types: ['report.available'],
        secret_sealed: 'sealed',
        created_by: 'retention.user',
      })
      .returning('endpoint_id')
      .executeTakeFirstOrThrow()
  ).endpoint_id;
});

afterAll(async () => t?.drop());

const count = async (query: string) =>
  Number((await sql.raw<{ n: string }>(`select count(*) as n from ${query}`).execute(t.db)).rows[0]?.n);

/** Runs the retention pass with a writer beside it; returns what the pass deleted of `table`. */
async function cutWithWriter(
  table: keyof Database,
  write: (db: Kysely<Database>, round: number) => Promise<unknown>,
): Promise<number> {
  const writer = await startWriter(t.db, write);
  const run = await applyRetention(t.db, DEFAULT_RETENTION, new Date(), BATCH);
  await writer.stop();
  expect(writer.errors).toEqual([]);
  expect(writer.writes).toBeGreaterThan(0);
  return run.deleted[table] ?? 0;
}

describe('the retention pass', () => {
  it('deletes published outbox rows older than 7 days, never an unpublished one', async () => {
    await sql`insert into outbox (queue, job_name, payload, created_at, published_at)
      select 'mail', 'mail.send', '{}', now() - interval '30 days', now() - interval '8 days' from generate_series(1, ${OLD})`.execute(
      t.db,
    );
    await sql`insert into outbox (queue, job_name, payload, created_at, published_at)
      select 'mail', 'mail.send', '{"kept":true}', now() - interval '30 days', v from
      (values (now() - interval '6 days'), (null::timestamptz)) as kept(v)`.execute(t.db);
    const deleted = await cutWithWriter('outbox', async (db, round) => {
      const row = await db
        .insertInto('outbox')
        .values({ queue: 'mail', job_name: 'mail.send', payload: JSON.stringify({ round }) })
        .returning('outbox_id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('outbox')
        .set({ published_at: new Date() })
        .where('outbox_id', '=', row.outbox_id)
        .execute();
    });
    expect(deleted).toBe(OLD);
    expect(await count(`outbox where published_at < now() - interval '7 days'`)).toBe(0);
    expect(await count(`outbox where payload ? 'kept'`)).toBe(2);
  });

  it('deletes mail deliveries claimed more than 90 days ago', async () => {
    await sql`insert into mail_deliveries (job_id, message_id, recipients, subject, status, claimed_at, sent_at)
      select 'old-' || g, 'm-' || g, '{a@test.portal}', 'Old', 'sent', now() - interval '91 days', now() - interval '91 days'
      from generate_series(1, ${OLD}) g`.execute(t.db);
    await sql`insert into mail_deliveries (job_id, message_id, recipients, subject, status, claimed_at)
      values ('recent', 'm-recent', '{a@test.portal}', 'Recent', 'sent', now() - interval '89 days')`.execute(
      t.db,
    );
    const deleted = await cutWithWriter('mail_deliveries', async (db, round) => {
      await db
        .insertInto('mail_deliveries')
        .values({
          job_id: `new-${round}`,
          message_id: `n-${round}`,
          recipients: ['b@test.portal'],
          subject: 'New',
          status: 'sending',
        })
        .execute();
      await db
        .updateTable('mail_deliveries')
        .set({ status: 'sent', sent_at: new Date() })
        .where('job_id', '=', `new-${round}`)
        .execute();
    });
    expect(deleted).toBe(OLD);
    expect(await count(`mail_deliveries where job_id like 'old-%'`)).toBe(0);
    expect(await count(`mail_deliveries where job_id = 'recent'`)).toBe(1);
  });

  it('deletes webhook deliveries (and their attempts) older than 90 days, then the report events nothing needs', async () => {
    const event = (
      age: string,
    ) => sql`insert into report_events (event_type, partner_id, category_code, occurred_at)
      select 'report.available', ${partnerId}, 'RETCAT', now() - ${age}::interval from generate_series(1, ${OLD}) returning event_id`;
    const oldEvents = (await event('91 days').execute(t.db)).rows as { event_id: string }[];
    await sql`insert into webhook_deliveries (delivery_id, endpoint_id, event_id, event_type, body, status, created_at)
      select 'msg_' || md5(e), ${endpointId}, e::uuid, 'report.available', '{}', 'succeeded', now() - interval '91 days'
      from unnest(${oldEvents.map((row) => row.event_id)}::text[]) e`.execute(t.db);
    await sql`insert into webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, response_status)
      select delivery_id, 1, created_at, 5, 200 from webhook_deliveries`.execute(t.db);
    // Kept: an old event a subscriber has not been mailed yet, and one a recent delivery announced.
    const [pending, redelivered] = oldEvents.slice(0, 2).map((row) => row.event_id);
    const subscription = await t.db
      .insertInto('report_subscriptions')
      .values({
        user_id: 'retention.user',
        partner_id: partnerId,
        category_code: 'RETCAT',
        delivery: 'AS_THEY_ARRIVE',
        unsubscribe_token: 'retention-token',
      })
      .returning('subscription_id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('report_subscription_items')
      .values({ subscription_id: subscription.subscription_id, event_id: pending! })
      .execute();
    await sql`update webhook_deliveries set created_at = now() where event_id = ${redelivered}::uuid`.execute(
      t.db,
    );

    const deliveries = await cutWithWriter('webhook_deliveries', async (db, round) => {
      const id = `msg_${round.toString(16).padStart(32, '0')}`;
      await db
        .insertInto('webhook_deliveries')
        .values({ delivery_id: id, endpoint_id: endpointId, event_type: 'webhook.test', body: '{}' })
        .execute();
      await db
        .insertInto('webhook_delivery_attempts')
        .values({ delivery_id: id, attempt: 1, started_at: new Date(), duration_ms: 3 })
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'succeeded', attempts: 1 })
        .where('delivery_id', '=', id)
        .execute();
      await db
        .insertInto('report_events')
        .values({ event_type: 'report.deleted', partner_id: partnerId, category_code: 'RETCAT' })
        .execute();
    });
    expect(deliveries).toBe(OLD - 1);
    expect(await count(`webhook_deliveries where created_at < now() - interval '90 days'`)).toBe(0);
    expect(
      await count(
        `webhook_delivery_attempts a join webhook_deliveries d using (delivery_id) where d.event_id is not null`,
      ),
    ).toBe(1);
    expect(await count(`webhook_delivery_attempts`)).toBe(await count('webhook_deliveries'));
    expect(await count(`report_events where occurred_at < now() - interval '90 days'`)).toBe(2);
    expect(
      await count(
        `report_events where event_id in (${[pending, redelivered].map((id) => `'${id}'`).join(',')})`,
      ),
    ).toBe(2);
  });

  it('deletes report monitor runs (and their alerts) checked more than 400 days ago', async () => {
    const monitorId = await newMonitor(t.db, { partnerId, categoryCode: 'RETCAT', frequencyTypeCode: 'DLY' });
    await sql`insert into report_monitor_runs (check_date, started_at)
      select current_date - 401 - g, now() - make_interval(days => 401 + g) from generate_series(0, ${OLD - 1}) g`.execute(
      t.db,
    );
    await sql`insert into report_monitor_runs (check_date) values (current_date - 399)`.execute(t.db);
    await sql`insert into report_monitor_alerts (run_id, report_monitor_id, due_date)
      select run_id, ${monitorId}, check_date from report_monitor_runs`.execute(t.db);
    const deleted = await cutWithWriter('report_monitor_runs', async (db, round) => {
      const run = await db
        .insertInto('report_monitor_runs')
        .values({ check_date: sql<string>`current_date + ${round}::int` })
        .returning('run_id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('report_monitor_runs')
        .set({ finished_at: new Date() })
        .where('run_id', '=', run.run_id)
        .execute();
    });
    expect(deleted).toBe(OLD);
    expect(await count(`report_monitor_runs where check_date < current_date - 400`)).toBe(0);
    expect(await count(`report_monitor_alerts`)).toBe(1);
  });

  it('deletes monthly view counts of months the activity events no longer keep', async () => {
    await sql`insert into dashboards (partner_id, dashboard_name, dashboard_url, dashboard_type)
      select ${partnerId}, 'Board ' || g, 'https://example.test/' || g, 'TABLEAU' from generate_series(1, 100) g`.execute(
      t.db,
    );
    await sql`insert into dashboard_views_monthly (dashboard_id, month, views)
      select dashboard_id, (date_trunc('month', now()) - make_interval(months => 14 + m))::date, 1
      from dashboards, generate_series(0, 29) m`.execute(t.db);
    await sql`insert into dashboard_views_monthly (dashboard_id, month, views)
      select dashboard_id, (date_trunc('month', now()) - interval '13 months')::date, 1 from dashboards`.execute(
      t.db,
    );
    const deleted = await cutWithWriter('dashboard_views_monthly', async (db) => {
      await sql`insert into dashboard_views_monthly (dashboard_id, month, views)
        select dashboard_id, date_trunc('month', now())::date, 1 from dashboards order by dashboard_id limit 10
        on conflict (dashboard_id, month) do update set views = dashboard_views_monthly.views + 1`.execute(
        db,
      );
    });
    expect(deleted).toBe(OLD);
    expect(
      await count(`dashboard_views_monthly where month < date_trunc('month', now()) - interval '13 months'`),
    ).toBe(0);
    expect(
      await count(`dashboard_views_monthly where month = date_trunc('month', now()) - interval '13 months'`),
    ).toBe(100);
  });

  it('deletes expired human verification uses', async () => {
    await sql`insert into human_verification_uses (token_hash, expires_at)
      select 'old-' || g, now() - interval '1 minute' from generate_series(1, ${OLD}) g`.execute(t.db);
    await sql`insert into human_verification_uses (token_hash, expires_at) values ('live', now() + interval '10 minutes')`.execute(
      t.db,
    );
    const deleted = await cutWithWriter('human_verification_uses', async (db, round) => {
      await db
        .insertInto('human_verification_uses')
        .values({ token_hash: `new-${round}`, expires_at: sql<Date>`now() + interval '5 minutes'` })
        .execute();
    });
    expect(deleted).toBe(OLD);
    expect(await count(`human_verification_uses where token_hash like 'old-%'`)).toBe(0);
    expect(await count(`human_verification_uses where token_hash = 'live'`)).toBe(1);
  });

  it('deletes in statements of at most the batch size, and a second pass finds nothing', async () => {
    await sql`insert into outbox (queue, job_name, payload, published_at)
      select 'mail', 'mail.send', '{}', now() - interval '8 days' from generate_series(1, 7)`.execute(t.db);
    const pastBound = sql<boolean>`published_at < now() - interval '7 days'`;
    const statements = await logDeleteStatements(t.db, 'outbox');
    expect(await deleteInBatches(t.db, 'outbox', pastBound, 3)).toBe(7);
    // Three statements of at most 3 rows; the short last one says none is left.
    expect(await statements.rowCounts()).toEqual([3, 3, 1]);
    expect(await deleteInBatches(t.db, 'outbox', pastBound, 3)).toBe(0);
    expect(await statements.rowCounts()).toEqual([3, 3, 1, 0]);
    await statements.stop();
    const again = await applyRetention(t.db, DEFAULT_RETENTION, new Date(), BATCH);
    expect(Object.values(again.deleted).every((n) => n === 0)).toBe(true);
    expect(again.dropped).toEqual([]);
  });
});
