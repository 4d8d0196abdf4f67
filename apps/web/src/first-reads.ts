import { PAGES, type PageName } from '@portal/domain/pages';
import { reportPaths } from './pages/reports/reports-api.js';

// The reads a page makes as it first shows, for the pages where partners spend their time: main.tsx
// sends them beside the sign-in check, while the phone is still receiving the app, and the page's
// first `get` of each path takes the answer (api.ts readEarly). Sent only once the app and the page
// have run, they came last: the reports page waited about 250 ms more for its list (issue 24).
// Each path must be the one the page reads, or the page asks again.

type Params = Record<string, string>;

const FIRST_READS: Partial<Record<PageName, (params: Params) => string[]>> = {
  partners: () => ['/api/partners'],
  reportCategories: ({ accessTypeCode = '', partnerCode = '' }) => [
    reportPaths.categories(accessTypeCode, partnerCode),
  ],
  reports: ({ accessTypeCode = '', partnerCode = '', reportCategoryCode = '' }) => [
    reportPaths.reports(accessTypeCode, partnerCode, reportCategoryCode),
    reportPaths.reportDates(accessTypeCode, partnerCode, reportCategoryCode),
  ],
};

/** The parameters of `pathname` under the route `path` (`:name` segments), decoded; null if it does not match. */
export function matchParams(path: string, pathname: string): Params | null {
  const expected = path.split('/');
  const actual = pathname.replace(/\/$/, '').split('/');
  if (expected.length !== actual.length) return null;
  const params: Params = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

/** The API paths the page at `pathname` reads first, or none. */
export function firstReadsOf(pathname: string): string[] {
  for (const [name, reads] of Object.entries(FIRST_READS) as [PageName, (params: Params) => string[]][]) {
    const params = matchParams(PAGES[name].path, pathname);
    if (params) return reads(params);
  }
  return [];
}
