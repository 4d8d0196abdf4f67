import type { DashboardType } from '@portal/domain';
import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import { sql } from 'kysely';
import { compiledOnce } from '../compiled-once.js';
import type { Db } from '../db.js';
import { hasLogo } from '../marketing/partner-images.js';
import { partnerInScope } from '../reports/partner-scope.js';

/** A dashboard as SPEC.md §3 names it: partner given by access type and code. */
export type Dashboard = {
  dashboardId: number;
  dashboardName: string;
  dashboardDescription: string;
  dashboardUrl: string;
  dashboardType: DashboardType;
  dashboardContentType: string | null;
  partner: { type: string; code: string; name: string };
};

export type DashboardInput = {
  partnerId: number;
  dashboardName: string;
  dashboardDescription: string;
  dashboardUrl: string;
  dashboardType: DashboardType;
  dashboardContentType: string | null;
};

function selectDashboards(db: Db) {
  return db
    .selectFrom('dashboards as d')
    .innerJoin('partners as p', 'p.partner_id', 'd.partner_id')
    .select([
      'd.dashboard_id as dashboardId',
      'd.dashboard_name as dashboardName',
      'd.dashboard_description as dashboardDescription',
      'd.dashboard_url as dashboardUrl',
      'd.dashboard_type as dashboardType',
      'd.dashboard_content_type as dashboardContentType',
      'p.access_type_code as partnerType',
      'p.code as partnerCode',
      'p.name as partnerName',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDashboards>['execute']>>[number];

function shape({ partnerType, partnerCode, partnerName, ...row }: Row): Dashboard {
  return { ...row, partner: { type: partnerType, code: partnerCode, name: partnerName } };
}

const samePartner = (accessTypeCode: string, partnerCode: string) =>
  sql<boolean>`upper(p.access_type_code) = upper(${accessTypeCode}) and upper(p.code) = upper(${partnerCode})`;

/** The dashboards of /admin/dashboards: those of the partners in the manager's scope. */
export async function listAllDashboards(db: Db, scope: PartnerScope = 'all'): Promise<Dashboard[]> {
  const rows = await selectDashboards(db)
    .where((eb) => partnerInScope(eb, scope))
    .orderBy('p.access_type_code')
    .orderBy('p.code')
    .orderBy('d.dashboard_name')
    .execute();
  return rows.map(shape);
}

export async function listPartnerDashboards(db: Db, accessTypeCode: string, partnerCode: string) {
  const rows = await selectDashboards(db)
    .where(samePartner(accessTypeCode, partnerCode))
    .orderBy('d.dashboard_name')
    .orderBy('d.dashboard_id')
    .execute();
  return rows.map(shape);
}

// Built once (compiledOnce): every tracking call and viewer reads its dashboard with it (the API
// gathers the lookups of calls handled together into one: apps/api/src/dashboards/dashboard-loader.ts).
const dashboardsStatement = compiledOnce((db, { dashboardIds }: { dashboardIds: number[] }) =>
  selectDashboards(db).where(sql<boolean>`d.dashboard_id = any(${dashboardIds})`),
);

/** The dashboards of these ids that exist, in one statement (ids may repeat). */
export async function findDashboards(db: Db, dashboardIds: readonly number[]): Promise<Dashboard[]> {
  return (await dashboardsStatement(db, { dashboardIds: [...new Set(dashboardIds)] })).map(shape);
}

export async function findDashboard(db: Db, dashboardId: number): Promise<Dashboard | undefined> {
  const [dashboard] = await findDashboards(db, [dashboardId]);
  return dashboard;
}

/** ThoughtSpot dashboards with this pinboard id (their stored URL), of any partner. */
export async function findDashboardsByUrl(db: Db, dashboardType: DashboardType, dashboardUrl: string) {
  const rows = await selectDashboards(db)
    .where('d.dashboard_type', '=', dashboardType)
    .where('d.dashboard_url', '=', dashboardUrl)
    .execute();
  return rows.map(shape);
}

/** Dashboards of a type whose URL starts with `stem` (e.g. /content/{guid}): the proxy's candidates. */
export async function findDashboardsUnderStem(db: Db, dashboardType: DashboardType, stem: string) {
  const pattern = `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await selectDashboards(db)
    .where('d.dashboard_type', '=', dashboardType)
    .where(sql<boolean>`d.dashboard_url like ${pattern}`)
    .execute();
  return rows.map(shape);
}

/**
 * The dashboards that may share content with a dashboard of this type and URL, of any partner:
 * for /content/… and /t/… those under the same first two segments, for QuickSight those of the
 * same dashboard id, for ThoughtSpot those of the same pinboard. The domain rule decides.
 */
export async function findDashboardContentCandidates(
  db: Db,
  dashboardType: DashboardType,
  dashboardUrl: string,
) {
  const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  let query = selectDashboards(db).where('d.dashboard_type', '=', dashboardType);
  if (dashboardType === 'THOUGHTSPOT') {
    query = query.where(sql<string>`lower(d.dashboard_url)`, '=', dashboardUrl.toLowerCase());
  } else if (dashboardType === 'QUICKSIGHT') {
    const id = /\/dashboards\/([^/?]+)/.exec(dashboardUrl)?.[1] ?? dashboardUrl;
    query = query.where(
      sql<boolean>`split_part(d.dashboard_url, '?', 1) like ${`%/dashboards/${escapeLike(id)}`}`,
    );
  } else {
    const stem = /^\/(content|t)\/[^/?]+/.exec(dashboardUrl)?.[0] ?? dashboardUrl;
    query = query.where(sql<boolean>`d.dashboard_url like ${`${escapeLike(stem)}%`}`);
  }
  return (await query.execute()).map(shape);
}

export async function findPartnerId(db: Db, accessTypeCode: string, partnerCode: string) {
  const row = await db
    .selectFrom('partners as p')
    .select(['p.partner_id as partnerId', 'p.access_type_code as type', 'p.code', 'p.name'])
    .where(samePartner(accessTypeCode, partnerCode))
    .executeTakeFirst();
  return row;
}

/** Every partner that has at least one dashboard, for the dashboard partner selection. */
export async function listPartnersWithDashboards(db: Db) {
  return db
    .selectFrom('partners as p')
    .innerJoin('access_types as a', 'a.code', 'p.access_type_code')
    .select(['p.access_type_code as accessTypeCode', 'a.name as accessTypeName', 'p.code', 'p.name'])
    .select(hasLogo('p.code'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('dashboards as d')
          .select('d.dashboard_id')
          .whereRef('d.partner_id', '=', 'p.partner_id'),
      ),
    )
    .orderBy('p.access_type_code')
    .orderBy('p.name')
    .execute();
}

/** The dashboard types present under each partner (to hide ThoughtSpot-only partners from users without it). */
export async function listPartnerDashboardTypes(db: Db) {
  return db
    .selectFrom('dashboards as d')
    .innerJoin('partners as p', 'p.partner_id', 'd.partner_id')
    .select([
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
      'd.dashboard_type as dashboardType',
    ])
    .distinct()
    .execute();
}

export async function insertDashboard(db: Db, input: DashboardInput, now: Date): Promise<number> {
  const row = await db
    .insertInto('dashboards')
    .values({
      partner_id: input.partnerId,
      dashboard_name: input.dashboardName,
      dashboard_description: input.dashboardDescription,
      dashboard_url: input.dashboardUrl,
      dashboard_type: input.dashboardType,
      dashboard_content_type: input.dashboardContentType,
      updated_at: now,
    })
    .returning('dashboard_id')
    .executeTakeFirstOrThrow();
  return row.dashboard_id;
}

export async function updateDashboard(db: Db, dashboardId: number, input: DashboardInput, now: Date) {
  const result = await db
    .updateTable('dashboards')
    .set({
      partner_id: input.partnerId,
      dashboard_name: input.dashboardName,
      dashboard_description: input.dashboardDescription,
      dashboard_url: input.dashboardUrl,
      dashboard_type: input.dashboardType,
      dashboard_content_type: input.dashboardContentType,
      updated_at: now,
    })
    .where('dashboard_id', '=', dashboardId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDashboard(db: Db, dashboardId: number) {
  const result = await db.deleteFrom('dashboards').where('dashboard_id', '=', dashboardId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
