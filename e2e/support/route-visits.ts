import type { Database } from '@portal/db';
import { PAGES, type PageName, PUBLIC_PAGE_PATHS, type PublicPagePath, viewerPath } from '@portal/domain';
import type { Kysely } from 'kysely';

// One address per route of the route table (PAGES, the routes of SPEC.md §2 and every page added
// since; PUBLIC_PAGE_PATHS for the public frame), filled with ids of the demo seed. The Record types
// make a page added to PAGES without a visit here a compile error, and the accessibility test fails
// on it too: a new page is one line below.

export type DemoIds = {
  /** Viewer addresses of EXT/BJS's dashboards by kind. */
  viewers: Record<'thoughtspot' | 'rstudio' | 'quicksight' | 'tableau', string>;
  faqId: number;
  externalUserId: string;
  tenantId: string;
  tenantUserId: string;
  invoiceRecordId: number;
  retailer: string;
  disputeRecordId: number;
};

export const PAGE_VISITS: Record<PageName, (ids: DemoIds) => string> = {
  home: () => '/',
  partners: () => '/partners',
  reportCategories: () => '/partners/EXT/BJS/report-categories',
  reports: () => '/partners/EXT/BJS/report-categories/TRANSACTIONS/reports',
  dashboardPartners: () => '/dashboards/partners',
  dashboardSelection: () => '/dashboards/EXT/BJS',
  thoughtspotViewer: (ids) => ids.viewers.thoughtspot,
  rstudioViewer: (ids) => ids.viewers.rstudio,
  quicksightViewer: (ids) => ids.viewers.quicksight,
  tableauViewer: (ids) => ids.viewers.tableau,
  tenants: () => '/tenants',
  saasUsers: (ids) => `/admin/${ids.tenantId}/saas-users`,
  saasInvitations: (ids) => `/admin/${ids.tenantId}/saas-users/invitations`,
  saasInvite: (ids) => `/admin/${ids.tenantId}/saas-users/new`,
  saasEditRoles: (ids) => `/admin/${ids.tenantId}/saas-users/edit/${encodeURIComponent(ids.tenantUserId)}`,
  forms: () => '/forms',
  formBatches: () => '/forms/batches',
  customerInvoices: () => '/forms/customer-invoice',
  customerInvoiceNew: () => '/forms/customer-invoice/new',
  customerInvoiceEdit: (ids) => `/forms/customer-invoice/${ids.invoiceRecordId}/edit`,
  disputes: (ids) => `/forms/${ids.retailer}-disputes`,
  disputeNew: (ids) => `/forms/${ids.retailer}-disputes/new`,
  disputeEdit: (ids) => `/forms/${ids.retailer}-disputes/${ids.disputeRecordId}/edit`,
  admin: () => '/admin',
  adminPartners: () => '/admin/partners',
  adminPartnerNew: () => '/admin/partners/new',
  adminPartnerEdit: () => '/admin/partners/EXT/BJS/edit',
  adminReportAlerts: () => '/admin/report-alerts',
  adminReportCategories: () => '/admin/report-categories',
  adminReportCategoryNew: () => '/admin/report-categories/new',
  adminReportCategoryEdit: () => '/admin/report-categories/TRANSACTIONS/edit',
  adminFrequencyTypes: () => '/admin/frequency-types',
  adminFrequencyTypeNew: () => '/admin/frequency-types/new',
  adminFrequencyTypeEdit: () => '/admin/frequency-types/WLY/edit',
  adminUsers: () => '/admin/users',
  adminUserNew: () => '/admin/users/new',
  adminUserEdit: (ids) => `/admin/users/${encodeURIComponent(ids.externalUserId)}/edit`,
  adminFaqs: () => '/admin/faqs',
  adminFaqNew: () => '/admin/faqs/new',
  adminFaqEdit: (ids) => `/admin/faqs/${ids.faqId}/edit`,
  adminDashboards: () => '/admin/dashboards',
  adminBanner: () => '/admin/banner',
  adminServiceAccounts: () => '/admin/service-accounts',
  adminWebhooks: () => '/admin/webhooks',
  adminAuditLog: () => '/admin/audit-log',
  marketplace: () => '/marketplace',
  marketing: () => '/marketing',
  marketingUpload: () => '/marketing/latest/BJS',
  faqs: () => '/faqs',
  reportAnIssue: () => '/report-an-issue',
  myAccount: () => '/my-account',
};

/** The public pages, visited without a session; /logout last, as it ends one. */
export const PUBLIC_VISITS: Record<PublicPagePath, string> = {
  '/login': '/login',
  '/user-not-found': '/user-not-found',
  '/not-authorized': '/not-authorized',
  '/invitation': '/invitation',
  '/invitation/:invitationId': '/invitation/unknown-invitation',
  '/unsubscribe/:token': '/unsubscribe/unknown-token',
  '/logout': '/logout',
};

/**
 * Addresses outside the route table that show a page of their own: the catch-all route ('*' of
 * SPEC.md §2), Page Not Found, for a signed-in user.
 */
export const NOT_FOUND_VISIT = '/no-such-page/anywhere';

/**
 * The route parameters of `address` under `pattern` (only whole-segment `:name` parameters, as
 * the route table uses them), or null when the address is not that route's.
 */
export function routeParams(pattern: string, address: string): Record<string, string> | null {
  if (!matchesPattern(pattern, address)) return null;
  const values = (address.split('?')[0] ?? address).split('/');
  const params: Record<string, string> = {};
  pattern.split('/').forEach((segment, index) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(values[index] ?? '');
  });
  return params;
}

/** Route names without a visit, and visits whose address the route's pattern does not match. */
export function routeTableGaps(ids: DemoIds): string[] {
  const gaps: string[] = [];
  for (const name of Object.keys(PAGES) as PageName[]) {
    const visit = PAGE_VISITS[name];
    if (visit === undefined) gaps.push(`${name}: no visit`);
    else if (!matchesPattern(PAGES[name].path, visit(ids)))
      gaps.push(`${name}: ${visit(ids)} is not its route`);
  }
  for (const path of PUBLIC_PAGE_PATHS) {
    if (PUBLIC_VISITS[path] === undefined) gaps.push(`${path}: no visit`);
  }
  return gaps;
}

function matchesPattern(pattern: string, address: string): boolean {
  const regex = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${regex}$`).test(address.split('?')[0] ?? address);
}

/** Ids of the demo seed that the visits need. */
export async function loadDemoIds(db: Kysely<Database>): Promise<DemoIds> {
  const dashboards = await db
    .selectFrom('dashboards')
    .innerJoin('partners', 'partners.partner_id', 'dashboards.partner_id')
    .select(['dashboard_id', 'dashboard_url', 'dashboard_type', 'partners.access_type_code', 'partners.code'])
    .where('partners.access_type_code', '=', 'EXT')
    .where('partners.code', '=', 'BJS')
    .orderBy('dashboard_id')
    .execute();
  const viewer = (type: string) => {
    const row = dashboards.find((d) => d.dashboard_type === type);
    if (!row) throw new Error(`The demo seed has no ${type} dashboard for EXT/BJS.`);
    const path = viewerPath({
      dashboardId: row.dashboard_id,
      dashboardUrl: row.dashboard_url,
      dashboardType: row.dashboard_type,
      partner: { type: row.access_type_code, code: row.code },
    });
    if (!path) throw new Error(`No viewer for ${type}`);
    return path;
  };
  const faq = await db.selectFrom('faqs').select('faq_id').orderBy('faq_id').executeTakeFirst();
  const member = await db
    .selectFrom('tenant_members')
    .select(['tenant_id', 'user_id'])
    .orderBy('tenant_id')
    .executeTakeFirst();
  const invoice = await db
    .selectFrom('customer_invoice_requests')
    .select('record_id')
    .orderBy('record_id')
    .executeTakeFirst();
  const dispute = await db
    .selectFrom('disputes')
    .select(['record_id', 'retailer'])
    .orderBy('record_id')
    .executeTakeFirst();
  return {
    viewers: {
      thoughtspot: viewer('THOUGHTSPOT'),
      rstudio: viewer('RSTUDIO'),
      quicksight: viewer('QUICKSIGHT'),
      tableau: viewer('TABLEAU'),
    },
    faqId: faq?.faq_id ?? 1,
    externalUserId: 'partner@demo.portal',
    tenantId: member?.tenant_id ?? 'saas-acme',
    tenantUserId: member?.user_id ?? 'tenant-admin@demo.portal',
    invoiceRecordId: invoice?.record_id ?? 1,
    retailer: dispute?.retailer ?? 'walmart',
    disputeRecordId: dispute?.record_id ?? 1,
  };
}
