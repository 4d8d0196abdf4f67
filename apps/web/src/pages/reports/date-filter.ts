import {
  REPORTS_PAGE_DATE_PARAMS,
  readReportsPageQuery,
  reportsPageQuery,
} from '@portal/domain/reports/reports-page-link';

export type DateFilter = { date: string | null; rangeEnd: string | null; range: boolean };

/** The latest reports: no date chosen. */
export const NO_DATE: DateFilter = { date: null, rangeEnd: null, range: false };

/**
 * The filter a reports page's address asks for (a subscription mail links to its reports' dates):
 * `?date=YYYY-MM-DD`, with `&endDate=YYYY-MM-DD` for a range. A date that is not one is ignored.
 */
export function filterFromSearch(search: string): DateFilter {
  const { date, endDate } = readReportsPageQuery(search);
  if (date === null) return NO_DATE;
  return endDate === null ? { date, rangeEnd: null, range: false } : { date, rangeEnd: endDate, range: true };
}

/** The address's query for a filter, the page's other parameters kept: what a reload shows again. */
export function searchWithFilter(search: string, filter: DateFilter): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of REPORTS_PAGE_DATE_PARAMS) params.delete(name);
  if (filter.date) {
    const view = {
      date: filter.date,
      endDate: filter.range ? filter.rangeEnd : null,
      frequencyTypeCode: null,
    };
    for (const [name, value] of new URLSearchParams(reportsPageQuery(view))) params.set(name, value);
  }
  return params;
}

/** The query of a filter: nothing (latest reports), one date, or a range with start and end swapped if needed (SPEC.md §5). */
export function dateQuery(filter: DateFilter): string {
  if (!filter.date) return '';
  if (!filter.range || !filter.rangeEnd) return `?startDate=${filter.date}&endDate=${filter.date}`;
  const [start, end] =
    filter.date <= filter.rangeEnd ? [filter.date, filter.rangeEnd] : [filter.rangeEnd, filter.date];
  return `?startDate=${start}&endDate=${end}`;
}

/** MM/DD/YYYY, as the pickers show a chosen date (SPEC.md §9). */
export function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}
