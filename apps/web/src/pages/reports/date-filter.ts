export type DateFilter = { date: string | null; rangeEnd: string | null; range: boolean };

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
