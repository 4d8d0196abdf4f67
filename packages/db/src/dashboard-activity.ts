import { sql } from 'kysely';
import type { Db } from './db.js';

export type DashboardActivityEvent = {
  eventId: string;
  dashboardId: number;
  userId: string | null;
  kind: 'VIEW' | 'FAIL';
  detail: unknown;
  occurredAt: Date;
};

/**
 * Stores one tracking event and, for a view, counts it in its month's aggregate, in ONE statement
 * (atomic without a transaction, one round trip). The event id is the idempotency key: a job run
 * twice stores and counts once. Returns false when the event was already stored (or its dashboard
 * is gone).
 */
export async function recordDashboardEvent(db: Db, event: DashboardActivityEvent, month: string) {
  const result = await sql<{ stored: number }>`
    with stored as (
      insert into dashboard_activity_events (event_id, dashboard_id, user_id, kind, detail, occurred_at)
      select ${event.eventId}::uuid, d.dashboard_id, ${event.userId}, ${event.kind}, ${JSON.stringify(event.detail ?? null)}::jsonb, ${event.occurredAt}
      from dashboards d where d.dashboard_id = ${event.dashboardId}
      on conflict (event_id) do nothing
      returning dashboard_id, kind
    ), counted as (
      insert into dashboard_views_monthly (dashboard_id, month, views)
      select dashboard_id, ${month}::date, 1 from stored where kind = 'VIEW'
      on conflict (dashboard_id, month) do update set views = dashboard_views_monthly.views + 1
      returning 1
    )
    select (select count(*) from stored)::int as stored
  `.execute(db);
  return (result.rows[0]?.stored ?? 0) > 0;
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
