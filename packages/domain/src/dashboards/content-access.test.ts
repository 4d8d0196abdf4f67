import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { contentCandidatesOf, mayFetchContentPath } from './content-access.js';

const bjsViewer: Principal = {
  isInternalAdmin: false,
  isExternalUser: true,
  features: ['VIEW_REPORTS'],
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
};
const bjs = { type: 'EXT', code: 'BJS' };
const wsi = { type: 'EXT', code: 'WSI' };

describe('the dashboards that may cover a proxied path', () => {
  it.each<[string, ReturnType<typeof contentCandidatesOf>]>([
    ['/content/abc/app.js', { dashboardType: 'RSTUDIO', stem: '/content/abc' }],
    ['/t/site/views/a', { dashboardType: 'TABLEAU', stem: '/t/site' }],
    ['/content/', undefined],
    ['/t/', undefined],
    ['/api/user', undefined],
    ['/embed/x', undefined],
  ])('of %s', (path, lookup) => {
    expect(contentCandidatesOf(path)).toEqual(lookup);
  });
});

describe('fetching proxied content', () => {
  const sales = { dashboardType: 'RSTUDIO', dashboardUrl: '/content/sales/', partner: bjs };
  const wsiStock = { dashboardType: 'RSTUDIO', dashboardUrl: '/content/stock/', partner: wsi };

  it.each<[string, string, (typeof sales)[], boolean]>([
    ["beneath their partner's dashboard", '/content/sales/app.js', [sales], true],
    ["the dashboard's own path", '/content/sales', [sales], true],
    ["beneath another partner's dashboard", '/content/stock/app.js', [wsiStock], false],
    ['beneath no dashboard', '/content/other/app.js', [sales], false],
    ['a dot segment out of it', '/content/sales/../stock/app.js', [sales, wsiStock], false],
    ['one of several candidates', '/content/sales/x', [wsiStock, sales], true],
    ['no candidate', '/content/sales/x', [], false],
    [
      'a dashboard of a type the viewer may not open',
      '/content/sales/x',
      [{ ...sales, dashboardType: 'NOPE' }],
      false,
    ],
  ])('%s', (_, path, candidates, may) => {
    expect(mayFetchContentPath(bjsViewer, path, candidates)).toBe(may);
  });
});
