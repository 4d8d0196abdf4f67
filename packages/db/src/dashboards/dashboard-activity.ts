import { sql } from 'kysely';
import type { Db } from '../db.js';

export type DashboardActivityEvent = {
  eventId: string;
  dashboardId: number;
  userId: string | null;
  kind: 'VIEW' | 'FAIL';
  detail: unknown;
  occurredAt: Date;
};

/**
 * Stores tracking events and counts the views in their months' aggregate, in ONE statement (atomic
 * without a transaction, one round trip, one upsert per dashboard and month however many events).
 * The event id is the idempotency key: an event that comes again is neither stored nor counted
 * twice. Events of a dashboard that is gone are dropped. Returns how many were stored.
 */
export async function recordDashboardEvents(
  db: Db,
  events: ReadonlyArray<DashboardActivityEvent & { month: string }>,
): Promise<number> {
  if (events.length === 0) return 0;
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
      on conflict (event_id) do nothing
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
