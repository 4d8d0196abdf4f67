import { describe, expect, it } from 'vitest';
import { dateQuery, filterFromSearch, NO_DATE, searchWithFilter } from './date-filter.js';

describe("a reports page's dates in its address", () => {
  it('reads one date, or a range, as a subscription mail links to them', () => {
    expect(filterFromSearch('?date=2026-11-16')).toEqual({
      date: '2026-11-16',
      rangeEnd: null,
      range: false,
    });
    expect(filterFromSearch('date=2026-11-16&endDate=2026-11-28')).toEqual({
      date: '2026-11-16',
      rangeEnd: '2026-11-28',
      range: true,
    });
    expect(filterFromSearch('?date=2026-11-16&endDate=2026-11-16')).toEqual({
      date: '2026-11-16',
      rangeEnd: null,
      range: false,
    });
  });

  it('ignores what is not a date: the latest reports show', () => {
    for (const search of ['', '?date=', '?date=2026-02-30', '?date=11/16/2026', '?endDate=2026-11-16']) {
      expect(filterFromSearch(search), search).toEqual(NO_DATE);
    }
    expect(filterFromSearch('?date=2026-11-16&endDate=soon')).toEqual({
      date: '2026-11-16',
      rangeEnd: null,
      range: false,
    });
  });

  it('writes the chosen dates back, keeping the other parameters', () => {
    const range = { date: '2026-11-28', rangeEnd: '2026-11-16', range: true };
    expect(searchWithFilter('?frequencyType=WLY&date=2026-01-01', range).toString()).toBe(
      'frequencyType=WLY&date=2026-11-28&endDate=2026-11-16',
    );
    expect(searchWithFilter('?date=2026-01-01&endDate=2026-01-02', NO_DATE).toString()).toBe('');
    // Read back, it asks the list for the same dates (a range's ends put in order).
    expect(dateQuery(filterFromSearch(searchWithFilter('', range).toString()))).toBe(
      '?startDate=2026-11-16&endDate=2026-11-28',
    );
  });
});
