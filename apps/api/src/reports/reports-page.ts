import {
  type Db,
  findCatalogPartnerCategory,
  findLatestReport,
  isFollowing,
  listLatestReports,
  listReportDates,
  listReportsBetween,
  MAX_REPORTS_LISTED,
} from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { notFound } from '../lib/http/errors.js';
import { groupByFrequencyType, reportView } from './report-view.js';

export const CATEGORY_NOT_FOUND = 'The report category was not found.';

type Selected = { accessTypeCode: string; partnerCode: string; reportCategoryCode: string };

/** The partner and its category of a reports path, or 404 naming which is missing. */
export async function partnerCategory(db: Db, selected: Selected) {
  const found = await findCatalogPartnerCategory(db, {
    accessTypeCode: selected.accessTypeCode,
    partnerCode: selected.partnerCode,
    categoryCode: selected.reportCategoryCode,
  });
  if (!found) throw notFound(MESSAGES.partnerNotFound);
  if (!found.category) throw notFound(CATEGORY_NOT_FOUND);
  return { partner: found.partner, category: found.category };
}

/**
 * The reports page of one partner's category: the reports of the date range (or the latest of
 * each frequency type), the latest report, and what was selected. Three statements after the
 * session's: partner with category, then the reports and the latest report side by side (SQL
 * statements per request: scripts/bench/reports.ts counts them).
 */
export async function reportsPage(
  db: Db,
  selected: Selected,
  range: { startDate: string; endDate: string } | null,
) {
  const { partner, category } = await partnerCategory(db, selected);
  const codes = category.frequencyTypes.map((type) => type.code);
  const where = { partnerId: partner.partnerId, categoryCode: category.code };
  const [rows, latest] = await Promise.all([
    range
      ? listReportsBetween(db, { ...where, ...range })
      : listLatestReports(db, { ...where, frequencyTypeCodes: codes }),
    findLatestReport(db, partner.partnerId, category.code),
  ]);
  return {
    reports: groupByFrequencyType(rows.slice(0, MAX_REPORTS_LISTED), codes),
    frequencyTypes: category.frequencyTypes,
    latestReport: latest ? reportView(latest) : null,
    selectedAccessType: { code: partner.type, name: partner.accessTypeName },
    selectedPartner: { name: partner.name, code: partner.code, type: partner.type },
    selectedCategory: category,
    truncated: rows.length > MAX_REPORTS_LISTED,
  };
}

/**
 * Every date with a report in a partner's category, newest first: what the date picker offers; and
 * whether the user follows the category, for its Follow button (read once a page, as the dates are).
 */
export async function reportDatesOf(db: Db, selected: Selected, userId: string) {
  const { partner, category } = await partnerCategory(db, selected);
  const [reportDates, following] = await Promise.all([
    listReportDates(db, partner.partnerId, category.code),
    isFollowing(db, { userId, partnerId: partner.partnerId, categoryCode: category.code }),
  ]);
  return { reportDates, following };
}
