import { describe, expect, it } from 'vitest';
import { readReportsPageQuery, reportsPageQuery, viewOfReports } from './reports-page-link.js';

const report = (reportDate: string, frequencyTypeCode: string | null = 'DLY') => ({
  reportDate,
  frequencyTypeCode,
});

describe('the view a reports page opens on', () => {
  it('is the one date of the reports, with their frequency type', () => {
    expect(viewOfReports([report('2026-11-16'), report('2026-11-16')])).toEqual({
      date: '2026-11-16',
      endDate: null,
      frequencyTypeCode: 'DLY',
    });
  });

  it('is the range from the earliest to the latest date, whatever their order', () => {
    expect(viewOfReports([report('2026-11-28'), report('2026-11-16'), report('2026-11-20')])).toEqual({
      date: '2026-11-16',
      endDate: '2026-11-28',
      frequencyTypeCode: 'DLY',
    });
  });

  it('opens no tab when the reports are of several frequency types, or of none', () => {
    expect(viewOfReports([report('2026-11-16'), report('2026-11-16', 'WLY')])?.frequencyTypeCode).toBeNull();
    expect(viewOfReports([report('2026-11-16', null)])?.frequencyTypeCode).toBeNull();
  });

  it('is none without a dated report', () => {
    expect(viewOfReports([])).toBeNull();
    expect(viewOfReports([report('')])).toBeNull();
  });
});

describe("a reports page's query", () => {
  it('is written and read back the same', () => {
    for (const view of [
      { date: '2026-11-16', endDate: null, frequencyTypeCode: null },
      { date: '2026-11-16', endDate: '2026-11-28', frequencyTypeCode: 'WLY' },
      { date: '2026-11-16', endDate: null, frequencyTypeCode: 'A B&C' },
    ]) {
      expect(readReportsPageQuery(reportsPageQuery(view))).toEqual(view);
    }
    expect(reportsPageQuery({ date: '2026-11-16', endDate: '2026-11-28', frequencyTypeCode: 'WLY' })).toBe(
      '?date=2026-11-16&endDate=2026-11-28&frequencyType=WLY',
    );
  });

  it('says one date once when there is no end, or the range ends where it starts', () => {
    expect(reportsPageQuery({ date: '2026-11-16', endDate: null, frequencyTypeCode: null })).toBe(
      '?date=2026-11-16',
    );
    expect(reportsPageQuery({ date: '2026-11-16', endDate: '2026-11-16', frequencyTypeCode: null })).toBe(
      '?date=2026-11-16',
    );
    expect(readReportsPageQuery('?date=2026-11-16&endDate=2026-11-16').endDate).toBeNull();
  });

  it('ignores dates that are not real ones, and an end without a start', () => {
    expect(readReportsPageQuery('?date=2026-02-30&endDate=2026-03-01')).toEqual({
      date: null,
      endDate: null,
      frequencyTypeCode: null,
    });
    expect(readReportsPageQuery('?date=2026-11-16&endDate=11/28/2026').endDate).toBeNull();
    expect(readReportsPageQuery('?frequencyType=').frequencyTypeCode).toBeNull();
  });
});
