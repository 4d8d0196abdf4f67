import {
  type Db,
  findCatalogPartnerCategory,
  findLatestReportAndDates,
  listLatestReports,
  listReportsBetween,
  MAX_REPORTS_LISTED,
} from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { notFound } from '../../plugins/errors.js';
import { groupByFrequencyType, reportView } from './report-view.js';

export const CATEGORY_NOT_FOUND = 'The report category was not found.';

/**
 * The reports page of one partner's category: the reports of the date range (or the latest of
 * each frequency type), the latest report, every date that has one, and what was selected.
 * Two statements after the session's: partner with category, then the reports and the
 * summaries side by side (SQL statements per request: scripts/bench/reports.ts counts them).
 */
export async function reportsPage(
  db: Db,
  selected: { accessTypeCode: string; partnerCode: string; reportCategoryCode: string },
  range: { startDate: string; endDate: string } | null,
) {
  const found = await findCatalogPartnerCategory(db, {
    accessTypeCode: selected.accessTypeCode,
    partnerCode: selected.partnerCode,
    categoryCode: selected.reportCategoryCode,
  });
  if (!found) throw notFound(MESSAGES.partnerNotFound);
  const { partner, category } = found;
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  const codes = category.frequencyTypes.map((type) => type.code);
  const where = { partnerId: partner.partnerId, categoryCode: category.code };
  const [rows, { latest, reportDates }] = await Promise.all([
    range
      ? listReportsBetween(db, { ...where, ...range })
      : listLatestReports(db, { ...where, frequencyTypeCodes: codes }),
    findLatestReportAndDates(db, partner.partnerId, category.code),
  ]);
  return {
    reports: groupByFrequencyType(rows.slice(0, MAX_REPORTS_LISTED), codes),
    frequencyTypes: category.frequencyTypes,
    latestReport: latest ? reportView(latest) : null,
    selectedAccessType: { code: partner.type, name: partner.accessTypeName },
    selectedPartner: { name: partner.name, code: partner.code, type: partner.type },
    selectedCategory: category,
    reportDates,
    truncated: rows.length > MAX_REPORTS_LISTED,
  };
}
