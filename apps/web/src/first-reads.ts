import { isAllowed } from '@portal/domain/access/permissions';
import type { PortalUser } from '@portal/domain/api/user';
import { PAGES, type PageName } from '@portal/domain/navigation/pages';
import { readEarlyWhen } from './api/api.js';
import { toPrincipal } from './auth/user.js';
import { dateQuery, filterFromSearch } from './pages/reports/date-filter.js';
import { reportPaths } from './pages/reports/reports-api.js';

// The reads a page makes as it first shows, for the pages where partners spend their time: main.tsx
// sends them as soon as the signed-in user is known, while the phone is still receiving the app, and
// the page's first `get` of each path takes the answer (api.ts readEarly). Sent only once the app and
// the page have run, they came last: the reports page waited about 250 ms more for its list (issue 24).
// They wait for the user, not the app: a person without access to the page (PageGuard's rule) or
// signed out makes none of them, where their 403 or 401 would be console errors.
// Each path must be the one the page reads, or the page asks again.

type Params = Record<string, string>;

const FIRST_READS: Partial<Record<PageName, (params: Params, search: string) => string[]>> = {
  partners: () => ['/api/partners'],
  reportCategories: ({ accessTypeCode = '', partnerCode = '' }) => [
    reportPaths.categories(accessTypeCode, partnerCode),
  ],
  reports: ({ accessTypeCode = '', partnerCode = '', reportCategoryCode = '' }, search) => [
    reportPaths.reports(accessTypeCode, partnerCode, reportCategoryCode, dateQuery(filterFromSearch(search))),
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

type PageReads = { page: PageName; params: Params; paths: string[] };

function pageReadsOf(pathname: string, search: string): PageReads | null {
  for (const [page, reads] of Object.entries(FIRST_READS) as [
    PageName,
    (params: Params, search: string) => string[],
  ][]) {
    const params = matchParams(PAGES[page].path, pathname);
    if (params) return { page, params, paths: reads(params, search) };
  }
  return null;
}

/** The API paths the page at `pathname` (with its query, `search`) reads first, or none. */
export function firstReadsOf(pathname: string, search = ''): string[] {
  return pageReadsOf(pathname, search)?.paths ?? [];
}

/** Whether `user` may open the page of these reads: PageGuard's rule, on the same parameters. */
export function mayRead(user: PortalUser | null, reads: Pick<PageReads, 'page' | 'params'>): boolean {
  if (user === null) return false;
  const { accessTypeCode, partnerCode } = reads.params;
  return isAllowed(toPrincipal(user), { feature: PAGES[reads.page].feature, accessTypeCode, partnerCode });
}

/**
 * From main.tsx, on a signed-in page: the site banner's read once `user` is known to be signed in,
 * and the page's first reads once it is known to have access to the page.
 */
export function startFirstReads(pathname: string, search: string, user: Promise<PortalUser | null>): void {
  // Every signed-in page shows the site banner (components/SiteBanner.tsx reads it through `get`).
  readEarlyWhen(
    ['/api/banner'],
    user.then((signedIn) => signedIn !== null),
  );
  const reads = pageReadsOf(pathname, search);
  if (reads === null) return;
  readEarlyWhen(
    reads.paths,
    user.then((signedIn) => mayRead(signedIn, reads)),
  );
}
