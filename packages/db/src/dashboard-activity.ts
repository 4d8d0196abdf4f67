import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DashboardActivityEvent = {
  eventId: string;
  dashboardId: number;
  userId: string | null;
  kind: 'VIEW' | 'FAIL';
  detail: unknown;
  occurredAt: Date;
};

/**
 * Stores one tracking event and, for a view, counts it in its month's aggregate. Call it inside a
 * transaction: the event id is the idempotency key, so a job run twice stores and counts once.
 * Returns false when the event was already stored (or its dashboard is gone).
 */
export async function recordDashboardEvent(db: Db, event: DashboardActivityEvent, month: string) {
  const inserted = await sql<{ event_id: string }>`
    insert into dashboard_activity_events (event_id, dashboard_id, user_id, kind, detail, occurred_at)
    select ${event.eventId}::uuid, d.dashboard_id, ${event.userId}, ${event.kind}, ${JSON.stringify(event.detail ?? null)}::jsonb, ${event.occurredAt}
    from dashboards d where d.dashboard_id = ${event.dashboardId}
    on conflict (event_id) do nothing
    returning event_id
  `.execute(db);
  if (inserted.rows.length === 0) return false;
  if (event.kind === 'VIEW') {
    await db
      .insertInto('dashboard_views_monthly')
      .values({ dashboard_id: event.dashboardId, month, views: 1 })
      .onConflict((oc) =>
        oc
          .columns(['dashboard_id', 'month'])
          .doUpdateSet((eb) => ({ views: eb('dashboard_views_monthly.views', '+', 1) })),
      )
      .execute();
  }
  return true;
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
