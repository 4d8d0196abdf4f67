import { isIsoDate } from '../time/iso-date.js';

// A reports page's address may say what it opens with: a date (or a range of dates) chosen and a
// frequency type's tab open. A subscription mail links to its reports this way, so that a report
// landing for an earlier day is on the page the link opens, and the page reads the same names.

export type ReportsPageView = {
  /** YYYY-MM-DD: the date chosen, or the first of the range. */
  date: string;
  /** YYYY-MM-DD: the last date of a range; none for one date. */
  endDate: string | null;
  /** The tab open first, when it has reports. */
  frequencyTypeCode: string | null;
};

const DATE = 'date';
const END_DATE = 'endDate';
const FREQUENCY_TYPE = 'frequencyType';

/** The query (with its '?') of a reports page opening on `view`. */
export function reportsPageQuery(view: ReportsPageView): string {
  const params = new URLSearchParams({ [DATE]: view.date });
  if (view.endDate !== null && view.endDate !== view.date) params.set(END_DATE, view.endDate);
  if (view.frequencyTypeCode !== null) params.set(FREQUENCY_TYPE, view.frequencyTypeCode);
  return `?${params.toString()}`;
}

const dateOf = (value: string | null) => (isIsoDate(value ?? '') ? value : null);

/** What a reports page's query asks for; a date that is not a real one is ignored. */
export function readReportsPageQuery(search: string): {
  date: string | null;
  endDate: string | null;
  frequencyTypeCode: string | null;
} {
  const params = new URLSearchParams(search);
  const date = dateOf(params.get(DATE));
  const endDate = date === null ? null : dateOf(params.get(END_DATE));
  return {
    date,
    endDate: endDate === date ? null : endDate,
    frequencyTypeCode: params.get(FREQUENCY_TYPE) || null,
  };
}

/** The page's query parameters a date filter writes (the others are the page's to keep). */
export const REPORTS_PAGE_DATE_PARAMS = [DATE, END_DATE] as const;

/**
 * The view of a reports page that lists every one of these reports: their one date, or the range
 * from the earliest to the latest, and their frequency type's tab when they share one. Null for none.
 */
export function viewOfReports(
  reports: readonly { reportDate: string; frequencyTypeCode: string | null }[],
): ReportsPageView | null {
  const dates = reports
    .map((report) => report.reportDate)
    .filter(isIsoDate)
    .sort();
  const [first] = dates;
  if (first === undefined) return null;
  // Not empty, since it has a first.
  const last = dates[dates.length - 1] as string;
  const [onlyType, ...otherTypes] = new Set(reports.map((report) => report.frequencyTypeCode));
  return {
    date: first,
    endDate: last === first ? null : last,
    frequencyTypeCode: otherTypes.length === 0 ? (onlyType ?? null) : null,
  };
}
