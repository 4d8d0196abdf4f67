import type { MonitorScheduleFields } from '@portal/domain';
import type { SortOrder } from '@portal/domain/admin/admin-paging';
import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import { sql } from 'kysely';
import {
  boundedCount,
  containsPattern,
  offsetOf,
  type Page,
  type PageRequest,
} from '../admin/admin-lists.js';
import type { Db } from '../db.js';
import { withPartnerAndCategoryNames } from '../partner-category-names.js';
import { partnerInScope } from '../reports/partner-scope.js';

// Report monitors (the report alerts of SPEC.md §3) as the administration sees them: the list
// across partners, a partner's alerts, and their creation, change and removal. When monitors are
// due and what a check finds lives in report-monitors.ts.

export type AdminReportMonitor = MonitorScheduleFields & {
  reportMonitorId: number;
  partnerId: number;
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  /** Who the alert goes to: the category's owners (none: no alert will be sent). */
  ownerEmails: string[];
};

export type ReportMonitorListQuery = PageRequest & {
  filters: { partner?: string; category?: string; frequencyTypeCode?: string };
  sort: 'partner' | 'category' | 'frequencyType';
  order: SortOrder;
  scope: PartnerScope;
};

function selectMonitors(db: Db) {
  return withPartnerAndCategoryNames(db.selectFrom('report_monitors as m'), 'm').select([
    'm.report_monitor_id as reportMonitorId',
    'p.partner_id as partnerId',
    'p.access_type_code as accessTypeCode',
    'p.code as partnerCode',
    'c.code as categoryCode',
    'c.owner_emails as ownerEmails',
    'm.frequency_type_code as frequencyTypeCode',
    'm.frequency_day as frequencyDay',
    'm.frequency_number as frequencyNumber',
  ]);
}

const SORT_KEYS = {
  partner: [sql`lower(p.code)`, sql`lower(c.name)`],
  category: [sql`lower(c.name)`, sql`lower(p.code)`],
  frequencyType: [sql`m.frequency_type_code`, sql`lower(p.code)`],
} as const;

export async function listAdminReportMonitors(
  db: Db,
  query: ReportMonitorListQuery,
): Promise<Page<AdminReportMonitor>> {
  const { partner, category, frequencyTypeCode } = query.filters;
  let q = selectMonitors(db).where((eb) => partnerInScope(eb, query.scope));
  if (partner?.trim()) {
    const pattern = containsPattern(partner);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(p.code)`, 'like', pattern),
        eb(sql<string>`lower(p.name)`, 'like', pattern),
      ]),
    );
  }
  if (category?.trim()) {
    const pattern = containsPattern(category);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(c.code)`, 'like', pattern),
        eb(sql<string>`lower(c.name)`, 'like', pattern),
      ]),
    );
  }
  if (frequencyTypeCode?.trim())
    q = q.where('m.frequency_type_code', '=', frequencyTypeCode.trim().toUpperCase());
  const rows = await q
    .orderBy(SORT_KEYS[query.sort][0], query.order)
    .orderBy(SORT_KEYS[query.sort][1], query.order)
    .orderBy('m.report_monitor_id', query.order)
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  return { rows, total: await boundedCount(db, q) };
}

export async function listPartnerReportMonitors(db: Db, partnerIds: readonly number[]) {
  if (partnerIds.length === 0) return [];
  return selectMonitors(db)
    .where('m.partner_id', 'in', [...partnerIds])
    .orderBy('m.report_monitor_id')
    .execute();
}

export async function findAdminReportMonitor(db: Db, reportMonitorId: number) {
  return selectMonitors(db).where('m.report_monitor_id', '=', reportMonitorId).executeTakeFirst();
}

export async function insertReportMonitor(
  db: Db,
  monitor: MonitorScheduleFields & { partnerId: number; categoryCode: string },
): Promise<number> {
  const row = await db
    .insertInto('report_monitors')
    .values({
      partner_id: monitor.partnerId,
      category_code: monitor.categoryCode,
      frequency_type_code: monitor.frequencyTypeCode,
      frequency_day: monitor.frequencyDay,
      frequency_number: monitor.frequencyNumber,
    })
    .returning('report_monitor_id')
    .executeTakeFirstOrThrow();
  return row.report_monitor_id;
}

/** Changes a monitor of this partner; false when the partner has no such monitor. */
export async function updateReportMonitor(
  db: Db,
  monitor: MonitorScheduleFields & { reportMonitorId: number; partnerId: number; categoryCode: string },
): Promise<boolean> {
  const result = await db
    .updateTable('report_monitors')
    .set({
      category_code: monitor.categoryCode,
      frequency_type_code: monitor.frequencyTypeCode,
      frequency_day: monitor.frequencyDay,
      frequency_number: monitor.frequencyNumber,
      updated_at: sql<Date>`now()`,
    })
    .where('report_monitor_id', '=', monitor.reportMonitorId)
    .where('partner_id', '=', monitor.partnerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a monitor of this partner; false when the partner has no such monitor. */
export async function deleteReportMonitor(
  db: Db,
  reportMonitorId: number,
  partnerId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('report_monitors')
    .where('report_monitor_id', '=', reportMonitorId)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes the partner's monitors in these categories; returns their ids. */
export async function deleteReportMonitorsOfCategories(
  db: Db,
  partnerId: number,
  categoryCodes: readonly string[],
): Promise<number[]> {
  if (categoryCodes.length === 0) return [];
  const rows = await db
    .deleteFrom('report_monitors')
    .where('partner_id', '=', partnerId)
    .where('category_code', 'in', [...categoryCodes])
    .returning('report_monitor_id')
    .execute();
  return rows.map((r) => r.report_monitor_id);
}
