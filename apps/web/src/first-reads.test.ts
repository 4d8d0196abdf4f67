import { describe, expect, it } from 'vitest';
import { firstReadsOf, matchParams } from './first-reads.js';

describe('the first reads of a page', () => {
  it('are the reads the reports pages make as they first show, with the codes decoded then encoded once', () => {
    expect(firstReadsOf('/partners')).toEqual(['/api/partners']);
    expect(firstReadsOf('/partners/EXT/BJS/report-categories')).toEqual(['/api/categories/EXT/BJS']);
    expect(firstReadsOf('/partners/EXT/B%20J/report-categories/SETTLEMENT/reports/')).toEqual([
      '/api/reports/EXT/B%20J/SETTLEMENT',
      '/api/reports/EXT/B%20J/SETTLEMENT/dates',
    ]);
  });

  it('are none for other pages, and for addresses that do not match a page', () => {
    for (const pathname of [
      '/',
      '/faqs',
      '/partners/EXT',
      '/partners/EXT/BJS/report-categories/X',
      '/partners/%E0/B/report-categories',
    ]) {
      expect(firstReadsOf(pathname), pathname).toEqual([]);
    }
  });

  it('match a route segment by segment', () => {
    expect(matchParams('/a/:x/b', '/a/1/b')).toEqual({ x: '1' });
    expect(matchParams('/a/:x/b', '/a//b')).toBeNull();
    expect(matchParams('/a/:x/b', '/a/1/c')).toBeNull();
    expect(matchParams('/a/:x/b', '/a/1/b/c')).toBeNull();
  });
});
