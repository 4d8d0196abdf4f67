import type { BannersReply } from '@portal/domain/api/banners';
import type { ReportDatesReply, ReportsReply } from '@portal/domain/api/reports';
import type { PortalUser } from '@portal/domain/api/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from './api/api.js';
import { firstReadsOf, matchParams, startFirstReads } from './first-reads.js';
import { jsonResponse, makeUser } from './test/render.js';

describe('the first reads of a page', () => {
  it('are the reads the reports pages make as they first show, with the codes decoded then encoded once', () => {
    expect(firstReadsOf('/partners')).toEqual(['/api/partners']);
    expect(firstReadsOf('/partners/EXT/BJS/report-categories')).toEqual(['/api/categories/EXT/BJS']);
    expect(firstReadsOf('/partners/EXT/B%20J/report-categories/SETTLEMENT/reports/')).toEqual([
      '/api/reports/EXT/B%20J/SETTLEMENT',
      '/api/reports/EXT/B%20J/SETTLEMENT/dates',
    ]);
  });

  it('read the dates a reports address asks for (a subscription mail links to them)', () => {
    const reports = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports';
    expect(firstReadsOf(reports, '?date=2026-11-16')[0]).toBe(
      '/api/reports/EXT/BJS/SETTLEMENT?startDate=2026-11-16&endDate=2026-11-16',
    );
    expect(firstReadsOf(reports, '?date=2026-11-16&endDate=2026-11-28&frequencyType=WLY')[0]).toBe(
      '/api/reports/EXT/BJS/SETTLEMENT?startDate=2026-11-16&endDate=2026-11-28',
    );
    expect(firstReadsOf(reports, '?date=2026-02-30')[0]).toBe('/api/reports/EXT/BJS/SETTLEMENT');
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

describe('the first reads sent from the entry', () => {
  const REPORTS = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports';
  const READS = ['/api/banner', '/api/reports/EXT/BJS/SETTLEMENT', '/api/reports/EXT/BJS/SETTLEMENT/dates'];
  let fetchMock: ReturnType<typeof vi.fn>;
  const sent = () => fetchMock.mock.calls.map(([path]) => String(path));

  beforeEach(() => {
    fetchMock = vi.fn(async (path: string) =>
      path === '/api/banner'
        ? jsonResponse<BannersReply>(200, { banners: [], bannerTypes: [] })
        : path.endsWith('/dates')
          ? jsonResponse<ReportDatesReply>(200, { reportDates: [], following: false })
          : jsonResponse<ReportsReply>(200, {
              reports: {},
              frequencyTypes: [],
              latestReport: null,
              selectedAccessType: { code: 'EXT', name: 'External' },
              selectedPartner: { code: 'BJS', name: "BJ's", type: 'EXT' },
              selectedCategory: {
                code: 'SETTLEMENT',
                name: 'Settlement',
                externalLink: null,
                frequencyTypes: [],
              },
              truncated: false,
            }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  // Each read left early is taken, so that none is handed to another test.
  afterEach(async () => {
    await Promise.all(READS.map((path) => get(path)));
  });

  async function readsFor(user: PortalUser | null): Promise<string[]> {
    startFirstReads(REPORTS, '', Promise.resolve(user));
    // The gates open on the user's answer: let it arrive.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return sent();
  }

  it('are none for a signed-out person: the page goes to sign in first', async () => {
    expect(await readsFor(null)).toEqual([]);
  });

  it('are the banner only for a person who may not view reports, or not this partner', async () => {
    expect(await readsFor(makeUser({ features: ['VIEW_TS_DASHBOARDS'] }))).toEqual(['/api/banner']);
    await Promise.all(READS.map((path) => get(path)));
    fetchMock.mockClear();
    const otherPartner = makeUser({
      features: ['VIEW_REPORTS'],
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }] },
    });
    expect(await readsFor(otherPartner)).toEqual(['/api/banner']);
  });

  it("are the page's reads for a person who may open it", async () => {
    const partner = makeUser({
      features: ['VIEW_REPORTS'],
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }] },
    });
    expect(await readsFor(partner)).toEqual(READS);
  });
});
