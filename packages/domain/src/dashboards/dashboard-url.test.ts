import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DashboardType } from './dashboard-type.js';
import {
  DASHBOARD_URL_REASONS,
  dashboardCoversPath,
  dashboardPathStem,
  inferDashboardType,
  isDemoQuickSightUrl,
  isForwardablePath,
  isQuickSightRegionalHost,
  prepareDashboardUrl,
  proxiedDashboardType,
  quicksightDashboardIdOf,
  quicksightHostsReason,
} from './dashboard-url.js';

const options = { quicksightHosts: ['us-east-1.quicksight.aws.amazon.com'] };
const prepare = (type: DashboardType, url: string) => prepareDashboardUrl(type, url, options);
const stored = (type: DashboardType, url: string) => {
  const result = prepare(type, url);
  return result.ok ? result.dashboardUrl : `refused: ${result.reason}`;
};

describe('safe dashboard URLs (SPEC.md §5)', () => {
  it('keeps RStudio paths under /content/ and removes the host', () => {
    expect(stored('RSTUDIO', '/content/demo-sales-overview/')).toBe('/content/demo-sales-overview/');
    expect(stored('RSTUDIO', 'https://connect.example.com/content/0f1e2d3c/')).toBe('/content/0f1e2d3c/');
    expect(stored('RSTUDIO', 'http://connect.example.com:3939/content/abc/?x=1')).toBe('/content/abc/?x=1');
    expect(stored('RSTUDIO', '//connect.example.com/content/abc')).toBe('/content/abc');
    expect(stored('RSTUDIO', '  /content/abc/  ')).toBe('/content/abc/');
  });

  it('refuses RStudio URLs outside /content/', () => {
    for (const url of [
      '/t/site/views/a/b',
      '/contents/x/',
      '/content/',
      '/content',
      'https://connect.example.com/',
    ]) {
      expect(prepare('RSTUDIO', url)).toEqual({ ok: false, reason: DASHBOARD_URL_REASONS.rstudio });
    }
  });

  it('keeps Tableau view paths under /t/ and removes the host', () => {
    expect(stored('TABLEAU', '/t/demo/views/PartnerSales/Overview')).toBe(
      '/t/demo/views/PartnerSales/Overview',
    );
    expect(stored('TABLEAU', 'https://tableau.example.com/t/demo/views/PartnerSales/Overview?:embed=y')).toBe(
      '/t/demo/views/PartnerSales/Overview?:embed=y',
    );
  });

  it('refuses Tableau URLs outside /t/', () => {
    for (const url of ['/views/Workbook/View', '/t/', '/t/site', '/t/site/', '/content/x/']) {
      expect(prepare('TABLEAU', url)).toEqual({ ok: false, reason: DASHBOARD_URL_REASONS.tableau });
    }
  });

  it('keeps a QuickSight embed address of an allowed regional host as its path, without the single-use code', () => {
    expect(
      stored(
        'QUICKSIGHT',
        'https://us-east-1.quicksight.aws.amazon.com/embed/4a5b6c/dashboards/d-123_x?isauthcode=true&identityprovider=quicksight&code=abc',
      ),
    ).toBe('/embed/4a5b6c/dashboards/d-123_x');
    expect(stored('QUICKSIGHT', '/embed/demo/dashboards/demo-qs-1')).toBe('/embed/demo/dashboards/demo-qs-1');
  });

  it('refuses QuickSight addresses on other hosts, over http, or not of the embed shape', () => {
    const hostReason = quicksightHostsReason(options.quicksightHosts);
    expect(prepare('QUICKSIGHT', 'https://eu-west-1.quicksight.aws.amazon.com/embed/a/dashboards/b')).toEqual(
      {
        ok: false,
        reason: hostReason,
      },
    );
    expect(prepare('QUICKSIGHT', 'https://evil.example.com/embed/a/dashboards/b')).toEqual({
      ok: false,
      reason: hostReason,
    });
    expect(prepare('QUICKSIGHT', 'http://us-east-1.quicksight.aws.amazon.com/embed/a/dashboards/b')).toEqual({
      ok: false,
      reason: hostReason,
    });
    expect(prepare('QUICKSIGHT', 'https://us-east-1.quicksight.aws.amazon.com/sn/dashboards/b')).toEqual({
      ok: false,
      reason: DASHBOARD_URL_REASONS.quicksight,
    });
    expect(
      prepareDashboardUrl('QUICKSIGHT', 'https://us-east-1.quicksight.aws.amazon.com/embed/a/dashboards/b', {
        quicksightHosts: [],
      }),
    ).toEqual({
      ok: false,
      reason: quicksightHostsReason([]),
    });
  });

  it('takes a ThoughtSpot pinboard id as it is', () => {
    expect(stored('THOUGHTSPOT', '3f6c1a2e-8b4d-4e7a-9c15-2d7e8f90a1b3')).toBe(
      '3f6c1a2e-8b4d-4e7a-9c15-2d7e8f90a1b3',
    );
    expect(prepare('THOUGHTSPOT', 'https://ts.example.com/#/pinboard/abc')).toEqual({
      ok: false,
      reason: DASHBOARD_URL_REASONS.thoughtspot,
    });
  });

  it.each([
    ['', DASHBOARD_URL_REASONS.blank],
    ['   ', DASHBOARD_URL_REASONS.blank],
    ['javascript:alert(1)//content/x/', DASHBOARD_URL_REASONS.scheme],
    ['data:text/html,<b>', DASHBOARD_URL_REASONS.characters],
    ['ftp://host/content/x/', DASHBOARD_URL_REASONS.scheme],
    ['content/x/', DASHBOARD_URL_REASONS.relative],
    ['/content/x/../../api/users', DASHBOARD_URL_REASONS.dotSegments],
    ['/content/x/./y', DASHBOARD_URL_REASONS.dotSegments],
    ['/content//x', DASHBOARD_URL_REASONS.dotSegments],
    ['/content/x/%2e%2e/admin', DASHBOARD_URL_REASONS.encoded],
    ['/content/x%2F..%2Fy', DASHBOARD_URL_REASONS.encoded],
    ['/content/x/\\..\\y', DASHBOARD_URL_REASONS.characters],
    ['/content/x y/', DASHBOARD_URL_REASONS.characters],
    ['/content/"x"/', DASHBOARD_URL_REASONS.characters],
    ['/content/x/#top', DASHBOARD_URL_REASONS.fragment],
    ['https://user:pw@host/content/x/', DASHBOARD_URL_REASONS.characters],
  ])('refuses %j: %s', (url, reason) => {
    expect(prepare('RSTUDIO', url)).toEqual({ ok: false, reason });
  });

  it('never stores a host, a scheme or a dot segment for RStudio and Tableau', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.constantFrom<DashboardType>('RSTUDIO', 'TABLEAU'),
        fc.string(),
        fc.array(segment),
        (type, host, parts) => {
          const result = prepare(
            type,
            `https://${host}/${type === 'RSTUDIO' ? 'content' : 't'}/${parts.join('/')}`,
          );
          if (!result.ok) return;
          expect(result.dashboardUrl.startsWith(type === 'RSTUDIO' ? '/content/' : '/t/')).toBe(true);
          expect(result.dashboardUrl).not.toMatch(/^\/\/|:\/\/|\/\.\.?(\/|$)/);
        },
      ),
    );
  });
});

describe('QuickSight ids and demo paths', () => {
  it('reads the dashboard id of an embed path', () => {
    expect(quicksightDashboardIdOf('/embed/abc/dashboards/d-1')).toBe('d-1');
    expect(quicksightDashboardIdOf('/content/x/')).toBeUndefined();
    expect(isDemoQuickSightUrl('/embed/demo/dashboards/demo-qs-1')).toBe(true);
    expect(isDemoQuickSightUrl('/embed/abc/dashboards/d-1')).toBe(false);
  });
});

describe('what the proxy lets through', () => {
  it('matches the dashboard path and what lies beneath it, nothing beside it', () => {
    expect(dashboardCoversPath('/content/demo-sales-overview/', '/content/demo-sales-overview/')).toBe(true);
    expect(dashboardCoversPath('/content/demo-sales-overview/', '/content/demo-sales-overview')).toBe(true);
    expect(dashboardCoversPath('/content/demo-sales-overview/', '/content/demo-sales-overview/app.js')).toBe(
      true,
    );
    expect(dashboardCoversPath('/content/demo-sales-overview/', '/content/demo-sales-overview-2/')).toBe(
      false,
    );
    expect(
      dashboardCoversPath('/t/demo/views/PartnerSales/Overview', '/t/demo/views/PartnerSales/Regions'),
    ).toBe(false);
    expect(
      dashboardCoversPath(
        '/t/demo/views/PartnerSales/Overview?:embed=y',
        '/t/demo/views/PartnerSales/Overview',
      ),
    ).toBe(true);
    expect(dashboardCoversPath('/content/a/', '/content/a/../b/')).toBe(false);
    expect(dashboardCoversPath('/content/a/', '/content/a/%2e%2e/b/')).toBe(false);
  });

  it('names the vendor of a path and its stem', () => {
    expect(proxiedDashboardType('/content/x/')).toBe('RSTUDIO');
    expect(proxiedDashboardType('/t/site/views/a')).toBe('TABLEAU');
    expect(proxiedDashboardType('/api/user')).toBeUndefined();
    expect(dashboardPathStem('/content/abc/def')).toBe('/content/abc');
    expect(dashboardPathStem('/t/demo/views/x')).toBe('/t/demo');
  });
});

// Issue 26: each refusal in its own words, each pattern with near misses at both ends.
describe('edges of dashboard URLs', () => {
  const R = DASHBOARD_URL_REASONS;
  it.each([
    ['RSTUDIO', '   ', R.blank],
    ['RSTUDIO', '/content/a b/', R.characters],
    ['RSTUDIO', '/content/a\\b/', R.characters],
    ['RSTUDIO', '/content/"a"/', R.characters],
    ['RSTUDIO', "/content/'a'/", R.characters],
    ['RSTUDIO', '/content/<a>/', R.characters],
    ['RSTUDIO', '/content/`a`/', R.characters],
    ['RSTUDIO', '/content/a\u0001/', R.characters],
    ['RSTUDIO', '/content/a\u007f/', R.characters],
    ['RSTUDIO', '/content/a%2E%2e/', R.encoded],
    ['RSTUDIO', '/content/a%2fb/', R.encoded],
    ['RSTUDIO', '/content/a%5Cb/', R.encoded],
    ['RSTUDIO', '/content/a%20b/', '/content/a%20b/'],
    ['RSTUDIO', '/content/a#top', R.fragment],
    ['RSTUDIO', 'ftp://x.example/content/a/', R.scheme],
    ['RSTUDIO', 'javascript:alert(1)', R.scheme],
    ['RSTUDIO', 'content/a/', R.relative],
    ['RSTUDIO', 'https://[bad/content/a/', R.relative],
    ['RSTUDIO', 'https://user:pw@x.example/content/a/', R.characters],
    ['RSTUDIO', 'https://user@x.example/content/a/', R.characters],
    ['RSTUDIO', '/content//a/', R.dotSegments],
    ['RSTUDIO', '/content/./a/', R.dotSegments],
    ['RSTUDIO', '/content/a/../b/', R.dotSegments],
    ['RSTUDIO', '/content/a/%zz/', R.characters],
    ['RSTUDIO', '/content/a/?q=%zz', R.characters],
    ['RSTUDIO', '/content/a/?q=1&r=/x?y', '/content/a/?q=1&r=/x?y'],
    ['RSTUDIO', '/content/a?', '/content/a'],
    ['RSTUDIO', '/content/', R.rstudio],
    ['RSTUDIO', '/contents/a', R.rstudio],
    ['RSTUDIO', '/x/content/a', R.rstudio],
    ['RSTUDIO', 'https://x.example', R.rstudio],
    ['TABLEAU', '/t/site/views/W/V', '/t/site/views/W/V'],
    ['TABLEAU', '/t/site/', R.tableau],
    ['TABLEAU', '/t/site', R.tableau],
    ['TABLEAU', '/x/t/site/views', R.tableau],
    ['TABLEAU', 'https://tab.example/t/s/views/W/V?:embed=y', '/t/s/views/W/V?:embed=y'],
    ['QUICKSIGHT', '/embed/abc/dashboards/d-1', '/embed/abc/dashboards/d-1'],
    ['QUICKSIGHT', '/embed/abc/dashboards/d-1/', R.quicksight],
    ['QUICKSIGHT', '/x/embed/abc/dashboards/d-1', R.quicksight],
    ['QUICKSIGHT', '/embed/abc/dashboards/d.1', R.quicksight],
    [
      'QUICKSIGHT',
      'https://US-EAST-1.quicksight.aws.amazon.com/embed/s/dashboards/d?code=x',
      '/embed/s/dashboards/d',
    ],
    [
      'QUICKSIGHT',
      'http://us-east-1.quicksight.aws.amazon.com/embed/s/dashboards/d',
      quicksightHostsReason(options.quicksightHosts),
    ],
    [
      'QUICKSIGHT',
      'https://eu-west-1.quicksight.aws.amazon.com/embed/s/dashboards/d',
      quicksightHostsReason(options.quicksightHosts),
    ],
    ['THOUGHTSPOT', 'a', 'a'],
    ['THOUGHTSPOT', `a${'b'.repeat(127)}`, `a${'b'.repeat(127)}`],
    ['THOUGHTSPOT', `a${'b'.repeat(128)}`, R.thoughtspot],
    ['THOUGHTSPOT', '-a', R.thoughtspot],
    ['THOUGHTSPOT', 'a.b', R.thoughtspot],
    ['THOUGHTSPOT', ' a_b-1 ', 'a_b-1'],
  ] as const)('%s %o → %s', (type, url, expected) => {
    const result = prepare(type, url);
    expect(result.ok ? result.dashboardUrl : result.reason).toBe(expected);
  });

  it('allows a QuickSight host only when it is both regional and listed', () => {
    const listed = { quicksightHosts: ['quicksight.example.com', 'US-WEST-2.quicksight.aws.amazon.com'] };
    const at = (host: string) =>
      prepareDashboardUrl('QUICKSIGHT', `https://${host}/embed/s/dashboards/d`, listed);
    expect(at('quicksight.example.com').ok).toBe(false);
    expect(at('us-west-2.quicksight.aws.amazon.com')).toEqual({
      ok: true,
      dashboardUrl: '/embed/s/dashboards/d',
    });
    expect(quicksightHostsReason([])).toBe(
      'QuickSight embed addresses must be on an allowed QuickSight host (none is configured).',
    );
    expect(quicksightHostsReason(['a', 'b'])).toBe(
      'QuickSight embed addresses must be on an allowed QuickSight host (a, b).',
    );
  });

  it.each([
    ['us-east-1.quicksight.aws.amazon.com', true],
    ['US-GOV-WEST-1.quicksight.aws.amazon.com', true],
    ['ap-southeast-10.quicksight.aws.amazon.com', true],
    ['x.us-east-1.quicksight.aws.amazon.com', false],
    ['us-east-1.quicksight.aws.amazon.com.evil.example', false],
    ['use-east-1.quicksight.aws.amazon.com', false],
    ['us-east-.quicksight.aws.amazon.com', false],
    ['us-east-1.quicksightxaws.amazon.com', false],
  ])('%s is a regional QuickSight host: %s', (host, expected) => {
    expect(isQuickSightRegionalHost(host)).toBe(expected);
  });

  it.each([
    ['/content/a/b', true],
    ['/content/a/../b', false],
    ['/content/./b', false],
    ['/content/a%2E/b', false],
    ['/content/a%2fb', false],
    ['/content/a%5cb', false],
    ['/content/a\\b', false],
    ['/content/a..b', true],
  ])('%s may be forwarded: %s', (path, expected) => expect(isForwardablePath(path)).toBe(expected));

  it('covers a request only under a dashboard that has a path', () => {
    expect(dashboardCoversPath('/', '/anything')).toBe(false);
    expect(dashboardCoversPath('/content/a///?x=1', '/content/a/x')).toBe(true);
    expect(dashboardCoversPath('/content/a', '/content/a/../b')).toBe(false);
  });

  it.each([
    ['/content/a/', 'RSTUDIO'],
    ['https://connect.example/content/a/', 'RSTUDIO'],
    ['//connect.example/content/a/', 'RSTUDIO'],
    ['/t/site/views/W/V', 'TABLEAU'],
    ['https://us-east-1.quicksight.aws.amazon.com/embed/s/dashboards/d', 'QUICKSIGHT'],
    [' pinboard-1 ', 'THOUGHTSPOT'],
    ['/contentx/a', undefined],
    ['not a url', undefined],
    ['', undefined],
  ])('%o reads as %s', (input, type) => expect(inferDashboardType(input)).toBe(type));

  it('reads ids and demo paths only of the exact embed shape, query aside', () => {
    expect(quicksightDashboardIdOf('/embed/s/dashboards/d-1?x=1')).toBe('d-1');
    expect(quicksightDashboardIdOf('/embed/s/dashboards/')).toBeUndefined();
    expect(quicksightDashboardIdOf('x/embed/s/dashboards/d')).toBeUndefined();
    expect(isDemoQuickSightUrl('/embed/demo/dashboards/d?x=1')).toBe(true);
    expect(isDemoQuickSightUrl('/embed/demo/dashboards/d/x')).toBe(false);
    expect(isDemoQuickSightUrl('/x/embed/demo/dashboards/d')).toBe(false);
    expect(proxiedDashboardType('/content')).toBeUndefined();
    expect(proxiedDashboardType('/t')).toBeUndefined();
    expect(dashboardPathStem('/content/g/x/y')).toBe('/content/g');
    expect(dashboardPathStem('/t/site?x')).toBe('/t/site');
    expect(dashboardPathStem('/x/content/g')).toBeUndefined();
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md).
describe('edges of the stored path', () => {
  it('checks the last segment of a path without a trailing slash too', () => {
    expect(stored('RSTUDIO', '/content/ops/..')).toBe(`refused: ${DASHBOARD_URL_REASONS.dotSegments}`);
    expect(stored('TABLEAU', '/t/site/views/W/.')).toBe(`refused: ${DASHBOARD_URL_REASONS.dotSegments}`);
    expect(stored('RSTUDIO', '/content/ops/%zz')).toBe(`refused: ${DASHBOARD_URL_REASONS.characters}`);
  });

  it('keeps a colon inside a path, with or without the host', () => {
    expect(stored('RSTUDIO', '/content/a:b/')).toBe('/content/a:b/');
    expect(stored('RSTUDIO', '//connect.example.com/content/a:b/')).toBe('/content/a:b/');
    expect(stored('TABLEAU', '//tableau.example.com/t/site/views/W:1/V')).toBe('/t/site/views/W:1/V');
  });

  it('refuses an empty segment after a host given without slashes', () => {
    expect(prepare('RSTUDIO', 'https:content/a//b').ok).toBe(false);
  });

  it.each([
    ['/content//x', 'RSTUDIO'],
    ['/t//x', 'TABLEAU'],
    ['//ab://cd/content/x', undefined],
  ])('infers %o from its leading path only: %s', (input, type) =>
    expect(inferDashboardType(input)).toBe(type),
  );
});
