import { PAGES, type PageName, type PublicPagePath } from '@portal/domain';
import { matchPath, type RouteObject } from 'react-router-dom';
import { PageGuard } from './auth/PageGuard.js';
import { RequireAuth } from './auth/RequireAuth.js';
import { CurrentPageContext } from './components/current-page.js';
import { AppLayout } from './layout/AppLayout.js';
import { PublicLayout } from './layout/PublicLayout.js';
import { type LazyPage, lazyPage, type PageModule } from './lib/lazy-page.js';

// Every route of SPEC.md §2, keyed by its PAGES entry (path, title, feature). The Record type makes
// a page added to PAGES without a component here a compile error. Each page is its own file and
// its own chunk.
const PAGE_MODULES: Record<PageName, PageModule> = {
  home: () => import('./pages/home/HomePage.js'),

  partners: () => import('./pages/reports/PartnersPage.js'),
  reportCategories: () => import('./pages/reports/ReportCategoriesPage.js'),
  reports: () => import('./pages/reports/ReportsPage.js'),

  dashboardPartners: () => import('./pages/dashboards/DashboardPartnersPage.js'),
  dashboardSelection: () => import('./pages/dashboards/DashboardSelectionPage.js'),
  thoughtspotViewer: () => import('./pages/dashboards/ThoughtSpotViewerPage.js'),
  rstudioViewer: () => import('./pages/dashboards/RStudioViewerPage.js'),
  quicksightViewer: () => import('./pages/dashboards/QuickSightViewerPage.js'),
  tableauViewer: () => import('./pages/dashboards/TableauViewerPage.js'),

  tenants: () => import('./pages/saas-users/TenantsPage.js'),
  saasUsers: () => import('./pages/saas-users/SaasUsersPage.js'),
  saasInvitations: () => import('./pages/saas-users/SaasInvitationsPage.js'),
  saasInvite: () => import('./pages/saas-users/SaasInvitePage.js'),
  saasEditRoles: () => import('./pages/saas-users/SaasEditRolesPage.js'),

  forms: () => import('./pages/forms/FormsPage.js'),
  customerInvoices: () => import('./pages/forms/CustomerInvoicesPage.js'),
  customerInvoiceNew: () => import('./pages/forms/CustomerInvoiceNewPage.js'),
  customerInvoiceEdit: () => import('./pages/forms/CustomerInvoiceEditPage.js'),
  formBatches: () => import('./pages/forms/BatchesPage.js'),
  disputes: () => import('./pages/forms/DisputesPage.js'),
  disputeNew: () => import('./pages/forms/DisputeNewPage.js'),
  disputeEdit: () => import('./pages/forms/DisputeEditPage.js'),

  admin: () => import('./pages/admin/AdminPage.js'),
  adminPartners: () => import('./pages/admin/ManagePartnersPage.js'),
  adminPartnerNew: () => import('./pages/admin/AddPartnerPage.js'),
  adminPartnerEdit: () => import('./pages/admin/EditPartnerPage.js'),
  adminReportAlerts: () => import('./pages/monitors/ManageReportAlertsPage.js'),
  adminReportCategories: () => import('./pages/admin/ManageReportCategoriesPage.js'),
  adminReportCategoryNew: () => import('./pages/admin/AddReportCategoryPage.js'),
  adminReportCategoryEdit: () => import('./pages/admin/EditReportCategoryPage.js'),
  adminFrequencyTypes: () => import('./pages/admin/ManageFrequencyTypesPage.js'),
  adminFrequencyTypeNew: () => import('./pages/admin/AddFrequencyTypePage.js'),
  adminFrequencyTypeEdit: () => import('./pages/admin/EditFrequencyTypePage.js'),
  adminUsers: () => import('./pages/admin/ManageExternalUsersPage.js'),
  adminUserNew: () => import('./pages/admin/AddExternalUserPage.js'),
  adminUserEdit: () => import('./pages/admin/EditExternalUserPage.js'),
  adminFaqs: () => import('./pages/faq-and-support/ManageFaqsPage.js'),
  adminFaqNew: () => import('./pages/faq-and-support/AddFaqPage.js'),
  adminFaqEdit: () => import('./pages/faq-and-support/EditFaqPage.js'),
  adminDashboards: () => import('./pages/dashboards/ManageDashboardsPage.js'),
  adminBanner: () => import('./pages/banner/ManageBannerPage.js'),
  adminServiceAccounts: () => import('./pages/operations/ServiceAccountsPage.js'),
  adminWebhooks: () => import('./pages/webhooks/WebhooksPage.js'),
  adminAuditLog: () => import('./pages/admin/AuditLogPage.js'),

  marketplace: () => import('./pages/marketing/MarketplacePage.js'),
  marketing: () => import('./pages/marketing/MarketingPage.js'),
  marketingUpload: () => import('./pages/marketing/MarketingUploadPage.js'),
  faqs: () => import('./pages/faq-and-support/FaqsPage.js'),
  reportAnIssue: () => import('./pages/faq-and-support/ReportAnIssuePage.js'),

  myAccount: () => import('./pages/authentication/MyAccountPage.js'),
};

// Open without a session, in the public frame; keyed by PUBLIC_PAGE_PATHS so the browser tests'
// route list (e2e/support/route-visits.ts) is the same one.
const PUBLIC_PAGES: Record<PublicPagePath, PageModule> = {
  '/login': () => import('./pages/authentication/LoginPage.js'),
  '/logout': () => import('./pages/authentication/LogoutPage.js'),
  '/user-not-found': () => import('./pages/errors/UserNotFoundPage.js'),
  '/not-authorized': () => import('./pages/errors/NotAuthorizedPage.js'),
  '/invitation': () => import('./pages/saas-users/InvitationStatusPage.js'),
  '/invitation/:invitationId': () => import('./pages/saas-users/InvitationStatusPage.js'),
  '/unsubscribe/:token': () => import('./pages/reports/UnsubscribePage.js'),
};

const NotFoundPage = lazyPage(() => import('./pages/errors/NotFoundPage.js'));

const lazyPages = <Key extends string>(modules: Record<Key, PageModule>) =>
  Object.fromEntries(
    Object.entries<PageModule>(modules).map(([key, load]) => [key, lazyPage(load)]),
  ) as Record<Key, LazyPage>;
const GUARDED_PAGES = lazyPages(PAGE_MODULES);
const OPEN_PAGES = lazyPages(PUBLIC_PAGES);

function guardedRoute(name: PageName, Page: LazyPage): RouteObject {
  return {
    path: PAGES[name].path,
    element: (
      <CurrentPageContext.Provider value={name}>
        <PageGuard page={name}>
          <Page />
        </PageGuard>
      </CurrentPageContext.Provider>
    ),
  };
}

function publicRoute(path: string, Page: LazyPage): RouteObject {
  return { path, element: <Page /> };
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: Object.entries(OPEN_PAGES).map(([path, Page]) => publicRoute(path, Page)),
  },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      ...(Object.entries(GUARDED_PAGES) as [PageName, LazyPage][]).map(([name, Page]) =>
        guardedRoute(name, Page),
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts downloading the page module of `pathname` at once, alongside the sign-in check, rather
 * than after it (a phone's round trips add up: issue 16). The page renders at once when it has come.
 * Settles (never fails) when the module has come or could not be had.
 */
export function preloadPage(pathname: string): Promise<void> {
  const pages: Array<[string, LazyPage]> = [
    ...Object.entries(OPEN_PAGES),
    ...(Object.entries(GUARDED_PAGES) as [PageName, LazyPage][]).map(
      ([name, Page]) => [PAGES[name].path, Page] as [string, LazyPage],
    ),
  ];
  const match = pages.find(([path]) => matchPath(path, pathname));
  const page = match?.[1].preload().then(
    () => {},
    () => {},
  );
  return page ?? Promise.resolve();
}
