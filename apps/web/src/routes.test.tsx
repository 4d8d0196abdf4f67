import { MESSAGES, PAGES, type PageName } from '@portal/domain';
import type { BannersReply } from '@portal/domain/api/banners';
import type { DashboardContentTypes, PartnerDashboards } from '@portal/domain/api/dashboards';
import type { Disputes, FormSettings } from '@portal/domain/api/forms';
import type { PartnerImagesReply } from '@portal/domain/api/partner-images';
import type { PartnerListReply } from '@portal/domain/api/partners';
import type { CategoriesReply } from '@portal/domain/api/reports';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './App.js';
import { pathOf } from './components/paths.js';
import { preloadPage, routes } from './routes.js';
import { jsonResponse, makeUser, renderWithProviders, signedIn, withState } from './test/render.js';

const SAMPLE_PARAMS = {
  accessTypeCode: 'EXT',
  partnerCode: 'ACME',
  reportCategoryCode: 'SALES',
  'retailer-disputes': 'acme-disputes',
  recordId: '7',
  frequencyTypeCode: 'DLY',
  userId: 'u1',
  tenantId: 'tenant-acme',
  frequentlyAskedQuestionId: '3',
  pinboardId: 'p1',
  dashboardId: 'd1',
};

const renderAt = (path: string, features: string[], extra: Parameters<typeof makeUser>[0] = {}) =>
  renderWithProviders(<AppRoutes />, { path, auth: signedIn(makeUser({ features, ...extra })) });

describe('route table', () => {
  it('registers every page of PAGES, each address reaching its own route', () => {
    for (const name of Object.keys(PAGES) as PageName[]) {
      const matches = matchRoutes(routes, pathOf(name, SAMPLE_PARAMS));
      expect(matches?.at(-1)?.route.path, name).toBe(PAGES[name].path);
    }
  });

  it('shows a permitted page with its title, heading and the empty state', async () => {
    const emptyList = {
      partners: [],
      monitors: [],
      categories: [],
      accessTypes: [],
      frequencyTypes: [],
      total: 0,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<PartnerListReply>(200, { ...emptyList, page: 1, pageSize: 25 })),
    );
    renderAt('/admin/partners', ['MANAGE_PARTNERS']);
    expect(await screen.findByRole('heading', { name: 'Manage Partners', level: 1 })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.noResults)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add' }).getAttribute('href')).toBe('/admin/partners/new');
    expect(document.title).toBe('Manage Partners');
  });

  it('restricts a page whose feature the user lacks', async () => {
    renderAt('/admin/partners', ['VIEW_REPORTS']);
    expect(await screen.findByText(MESSAGES.restricted)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.noResults)).toBeNull();
  });

  it('checks partner access where the path names one', async () => {
    const grants = { partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'ACME' }] } };
    const category = (code: string) => ({ code, name: code, externalLink: null, frequencyTypes: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse<CategoriesReply>(200, {
          categories: [category('SETTLEMENT'), category('CHARGEBACKS')],
          selectedAccessType: { code: 'EXT', name: 'External' },
          selectedPartner: { code: 'ACME', name: 'Acme', type: 'EXT' },
        }),
      ),
    );
    const first = renderAt('/partners/EXT/ACME/report-categories', ['VIEW_REPORTS'], grants);
    expect(await screen.findByRole('heading', { name: 'Report Categories', level: 1 })).toBeTruthy();
    first.unmount();

    renderAt('/partners/EXT/OTHER/report-categories', ['VIEW_REPORTS'], grants);
    expect(await screen.findByText(MESSAGES.restricted)).toBeTruthy();
  });

  it("opens a partner's marketing page to a manager of that partner only (its path names no access type)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<PartnerImagesReply>(200, { logo: null, marketing: null })),
    );
    const managerOf = (partnerCode: string) => ({
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode }] },
    });
    const first = renderAt('/marketing/latest/BJS', ['MANAGE_MARKETING_CONTENT'], managerOf('BJS'));
    expect(await screen.findByRole('heading', { name: 'Marketing Content: BJS', level: 1 })).toBeTruthy();
    first.unmount();

    renderAt('/marketing/latest/BJS', ['MANAGE_MARKETING_CONTENT'], managerOf('SAM'));
    expect(await screen.findByText(MESSAGES.restricted)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Marketing Content: BJS' })).toBeNull();
  });

  it('lets a grant of ALL open any partner of that access type, but never INT for an external user', async () => {
    const all = (accessTypeCode: string) => ({
      partners: { partnerAccess: [{ accessTypeCode, partnerCode: 'ALL' }] },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/content-types/')
          ? jsonResponse<DashboardContentTypes>(200, [])
          : jsonResponse<PartnerDashboards>(200, {
              partner: { type: 'EXT', code: 'ANYONE', name: 'Anyone' },
              dashboards: [],
            }),
      ),
    );
    const first = renderAt('/dashboards/EXT/ANYONE', [], all('EXT'));
    expect(await screen.findByText(MESSAGES.noResults)).toBeTruthy();
    first.unmount();

    renderAt('/dashboards/INT/ANYONE', [], all('INT'));
    expect(await screen.findByText(MESSAGES.restricted)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.noResults)).toBeNull();
  });

  it('shows Page Not Found for an unknown path', async () => {
    renderAt('/no/such/page', []);
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeTruthy();
  });

  it('shows Page Under Construction on the marketplace', async () => {
    renderAt('/marketplace', [], { isInternalAdmin: true });
    expect(await screen.findByText(MESSAGES.pageUnderConstruction)).toBeTruthy();
  });

  it('opens the retailer dispute list of the setting and refuses another retailer or a segment without the -disputes suffix', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse<FormSettings | Disputes>(
          200,
          url.endsWith('/api/form/settings') ? { retailer: 'acme' } : [],
        ),
      ),
    );
    const first = renderAt('/forms/acme-disputes', ['INTERNAL_OPERATIONS_TEAM']);
    expect(await screen.findByRole('heading', { name: 'ACME Disputes', level: 1 })).toBeTruthy();
    first.unmount();
    const second = renderAt('/forms/other-disputes', ['INTERNAL_OPERATIONS_TEAM']);
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeTruthy();
    second.unmount();
    renderAt('/forms/acme', ['INTERNAL_OPERATIONS_TEAM']);
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeTruthy();
  });

  it('sends a signed-out visitor to the login page, to come back to the page they opened', async () => {
    renderWithProviders(<AppRoutes />, {
      path: '/faqs?q=1',
      auth: withState({ status: 'unauthenticated' }),
    });
    expect(await screen.findByLabelText('Email Address or EID')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login?returnTo=%2Ffaqs%3Fq%3D1');
  });

  it('sends a signed-out visitor of an unknown path or of home to the plain login page', async () => {
    for (const path of ['/', '/no-such-page']) {
      const { unmount } = renderWithProviders(<AppRoutes />, {
        path,
        auth: withState({ status: 'unauthenticated' }),
      });
      expect(await screen.findByLabelText('Email Address or EID')).toBeTruthy();
      expect(screen.getByTestId('location').textContent, path).toBe('/login');
      unmount();
    }
  });

  it('opens the user-not-found page without a session', async () => {
    renderWithProviders(<AppRoutes />, {
      path: '/user-not-found',
      auth: withState({ status: 'unauthenticated' }),
    });
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeTruthy();
  });

  it('preloads the page module, and no read of the banner (it waits for the sign-in check)', async () => {
    const fetch = vi.fn(async (_url: string) =>
      jsonResponse<BannersReply>(200, { banners: [], bannerTypes: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    await preloadPage('/faqs');
    expect(fetch).not.toHaveBeenCalled();
  });
});
