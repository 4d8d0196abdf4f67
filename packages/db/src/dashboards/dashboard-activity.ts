import { monthStart } from '@portal/domain/operations/retention';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db.js';
import { makeMonthPartitions } from '../retention/partitions.js';
import type { Database } from '../schema.js';

export type DashboardActivityEvent = {
  eventId: string;
  dashboardId: number;
  userId: string | null;
  kind: 'VIEW' | 'FAIL';
  detail: unknown;
  occurredAt: Date;
};

/** The event times accepted (acceptedWindow of @portal/domain/retention): older ones are past the retention. */
export type EventWindow = { from: Date; to: Date };

/**
 * Stores tracking events and counts the views in their months' aggregate, in ONE statement (atomic
 * without a transaction, one round trip, one upsert per dashboard and month however many events).
 * The event id (with its time: the table is partitioned by month on it) is the idempotency key: an
 * event that comes again is neither stored nor counted twice. Events outside `window` are refused
 * (an event older than the retention would be counted again in a month already forgotten), events
 * of a dashboard that is gone are dropped. A month in the window without its partition yet (an
 * event a few months old reaching a new database) gets it made first. Returns how many were stored.
 */
export async function recordDashboardEvents(
  db: Kysely<Database>,
  events: ReadonlyArray<DashboardActivityEvent & { month: string }>,
  window: EventWindow,
): Promise<number> {
  const accepted = events.filter((event) => event.occurredAt >= window.from && event.occurredAt < window.to);
  if (accepted.length === 0) return 0;
  await makePartitionsFor(db, accepted);
  try {
    return await storeAndCount(db, accepted);
  } catch (error) {
    // A month dropped or made by another process since this one looked: look again, once.
    if (!isMissingPartition(error)) throw error;
    knownMonths.delete(db);
    await makePartitionsFor(db, accepted);
    return storeAndCount(db, accepted);
  }
}

/** The months each database is known to have a partition for, so the usual batch costs no catalog read. */
const knownMonths = new WeakMap<object, Set<number>>();

async function makePartitionsFor(db: Kysely<Database>, events: ReadonlyArray<DashboardActivityEvent>) {
  const known = knownMonths.get(db) ?? new Set<number>();
  knownMonths.set(db, known);
  const months = [...new Set(events.map((event) => monthStart(event.occurredAt).getTime()))];
  const missing = months.filter((month) => !known.has(month));
  if (missing.length === 0) return;
  await makeMonthPartitions(
    db,
    'dashboard_activity_events',
    missing.map((month) => new Date(month)),
  );
  for (const month of missing) known.add(month);
}

function isMissingPartition(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23514' && typeof message === 'string' && message.includes('no partition');
}

async function storeAndCount(
  db: Db,
  events: ReadonlyArray<DashboardActivityEvent & { month: string }>,
): Promise<number> {
  const input = JSON.stringify(
    events.map((event) => ({
      event_id: event.eventId,
      dashboard_id: event.dashboardId,
      user_id: event.userId,
      kind: event.kind,
      detail: event.detail ?? null,
      occurred_at: event.occurredAt.toISOString(),
      month: event.month,
    })),
  );
  const result = await sql<{ stored: number }>`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(
        event_id uuid, dashboard_id int, user_id text, kind text, detail jsonb, occurred_at timestamptz, month date)
    ), stored as (
      insert into dashboard_activity_events (event_id, dashboard_id, user_id, kind, detail, occurred_at)
      select i.event_id, d.dashboard_id, i.user_id, i.kind, i.detail, i.occurred_at
      from input i join dashboards d on d.dashboard_id = i.dashboard_id
      on conflict (event_id, occurred_at) do nothing
      returning event_id, dashboard_id, kind
    ), counted as (
      -- In key order, so that two groups counting the same dashboards lock them in the same order.
      insert into dashboard_views_monthly (dashboard_id, month, views)
      select s.dashboard_id, i.month, count(*) from stored s join input i using (event_id)
      where s.kind = 'VIEW'
      group by s.dashboard_id, i.month
      order by s.dashboard_id, i.month
      on conflict (dashboard_id, month) do update set views = dashboard_views_monthly.views + excluded.views
      returning 1
    )
    select (select count(*) from stored)::int as stored
  `.execute(db);
  return result.rows[0]?.stored ?? 0;
}

/** Views of each of a partner's dashboards in one month, read from the aggregate (never a scan of events). */
export async function monthlyViewsOfPartner(
  db: Db,
  accessTypeCode: string,
  partnerCode: string,
  month: string,
) {
  return db
    .selectFrom('dashboard_views_monthly as v')
    .innerJoin('dashboards as d', 'd.dashboard_id', 'v.dashboard_id')
    .innerJoin('partners as p', 'p.partner_id', 'd.partner_id')
    .select(['v.dashboard_id as dashboardId', 'v.views'])
    .where(
      sql<boolean>`upper(p.access_type_code) = upper(${accessTypeCode}) and upper(p.code) = upper(${partnerCode})`,
    )
    .where('v.month', '=', month)
    .orderBy('v.views', 'desc')
    .execute();
}

export async function findDashboardEvent(db: Db, eventId: string) {
  return db
    .selectFrom('dashboard_activity_events')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function listDashboardEvents(db: Db, dashboardId: number, kind?: 'VIEW' | 'FAIL') {
  return db
    .selectFrom('dashboard_activity_events')
    .selectAll()
    .where('dashboard_id', '=', dashboardId)
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind ?? 'VIEW'))
    .orderBy('occurred_at')
    .execute();
}
