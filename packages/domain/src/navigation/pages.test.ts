import { describe, expect, it } from 'vitest';
import type { Feature } from '../access/features.js';
import { PAGES, type PageName, PUBLIC_PAGE_PATHS, pageTable, publicPagePaths } from './pages.js';

// SPEC.md §6 "Pages and the feature each requires", row by row, with the pages beyond the spec in
// rows of their own; then every page's §2 route and title.
const SECTION_6: [row: string, feature: Feature, pages: PageName[]][] = [
  [
    'Home, dashboards partner selection, dashboard selection for a partner, FAQ, report an issue, my account',
    'NO_FEATURE_REQUIRED',
    ['home', 'dashboardPartners', 'dashboardSelection', 'faqs', 'reportAnIssue', 'myAccount'],
  ],
  [
    'Select partner, select report category, download reports',
    'VIEW_REPORTS',
    ['partners', 'reportCategories', 'reports'],
  ],
  ['Select tenant', 'MANAGE_EXTERNAL_USERS', ['tenants']],
  ['ThoughtSpot viewer', 'VIEW_TS_DASHBOARDS', ['thoughtspotViewer']],
  [
    'RStudio, QuickSight and Tableau viewers: not shown (partner access still required)',
    'NO_FEATURE_REQUIRED',
    ['rstudioViewer', 'quicksightViewer', 'tableauViewer'],
  ],
  [
    'Admin landing, external users (list, create, edit), FAQs (list, create, edit), marketplace, banner',
    'INTERNAL_ADMIN',
    [
      'admin',
      'adminUsers',
      'adminUserNew',
      'adminUserEdit',
      'adminFaqs',
      'adminFaqNew',
      'adminFaqEdit',
      'marketplace',
      'adminBanner',
    ],
  ],
  [
    'Manage partners, create, edit',
    'MANAGE_PARTNERS',
    ['adminPartners', 'adminPartnerNew', 'adminPartnerEdit'],
  ],
  [
    'Report alerts, report categories (list, create, edit), frequency types (list, create, edit)',
    'MANAGE_REPORT_CATEGORIES',
    [
      'adminReportAlerts',
      'adminReportCategories',
      'adminReportCategoryNew',
      'adminReportCategoryEdit',
      'adminFrequencyTypes',
      'adminFrequencyTypeNew',
      'adminFrequencyTypeEdit',
    ],
  ],
  ['Manage dashboards', 'MANAGE_DASHBOARDS', ['adminDashboards']],
  [
    'SaaS users, pending invitations, invite, edit',
    'MANAGE_EXTERNAL_USERS',
    ['saasUsers', 'saasInvitations', 'saasInvite', 'saasEditRoles'],
  ],
  ['Marketing select and marketing content', 'MANAGE_MARKETING_CONTENT', ['marketing', 'marketingUpload']],
  [
    'Operational forms: select, customer invoices, retailer disputes (list, create, edit), and their batches',
    'INTERNAL_OPERATIONS_TEAM',
    [
      'forms',
      'customerInvoices',
      'customerInvoiceNew',
      'customerInvoiceEdit',
      'formBatches',
      'disputes',
      'disputeNew',
      'disputeEdit',
    ],
  ],
  [
    'Beyond the spec: service accounts, the audit log',
    'INTERNAL_ADMIN',
    ['adminServiceAccounts', 'adminAuditLog'],
  ],
  ["Beyond the spec: webhooks, a manager's partners' endpoints", 'MANAGE_PARTNERS', ['adminWebhooks']],
];

// §2's routes ({param} written :param) and the titles of §2's list, or the page's name in §2's words.
const SECTION_2: Record<PageName, [path: string, title: string]> = {
  home: ['/', 'Home'],
  partners: ['/partners', 'Partners'],
  tenants: ['/tenants', 'Tenants'],
  reportCategories: ['/partners/:accessTypeCode/:partnerCode/report-categories', 'Report Categories'],
  reports: [
    '/partners/:accessTypeCode/:partnerCode/report-categories/:reportCategoryCode/reports',
    'Reports',
  ],
  marketplace: ['/marketplace', 'Marketplace'],
  marketing: ['/marketing', 'Marketing'],
  marketingUpload: ['/marketing/latest/:partnerCode', 'Marketing Content'],
  forms: ['/forms', 'Operational Forms'],
  customerInvoices: ['/forms/customer-invoice', 'Customer Invoices'],
  customerInvoiceNew: ['/forms/customer-invoice/new', 'New Customer Invoice Request'],
  customerInvoiceEdit: ['/forms/customer-invoice/:recordId/edit', 'Edit Customer Invoice Request'],
  formBatches: ['/forms/batches', 'Batches'],
  disputes: ['/forms/:retailer-disputes', 'Disputes'],
  disputeNew: ['/forms/:retailer-disputes/new', 'New Dispute'],
  disputeEdit: ['/forms/:retailer-disputes/:recordId/edit', 'Edit Dispute'],
  admin: ['/admin', 'Admin'],
  adminPartners: ['/admin/partners', 'Manage Partners'],
  adminPartnerNew: ['/admin/partners/new', 'Add Partner'],
  adminPartnerEdit: ['/admin/partners/:accessTypeCode/:partnerCode/edit', 'Edit Partner'],
  adminReportAlerts: ['/admin/report-alerts', 'Manage Report Alerts'],
  adminReportCategories: ['/admin/report-categories', 'Manage Report Categories'],
  adminReportCategoryNew: ['/admin/report-categories/new', 'Add Report Category'],
  adminReportCategoryEdit: ['/admin/report-categories/:reportCategoryCode/edit', 'Edit Report Category'],
  adminFrequencyTypes: ['/admin/frequency-types', 'Manage Frequency Types'],
  adminFrequencyTypeNew: ['/admin/frequency-types/new', 'Add Frequency Type'],
  adminFrequencyTypeEdit: ['/admin/frequency-types/:frequencyTypeCode/edit', 'Edit Frequency Type'],
  adminUsers: ['/admin/users', 'Manage Internal Users'],
  adminUserNew: ['/admin/users/new', 'Add External User'],
  adminUserEdit: ['/admin/users/:userId/edit', 'Edit External User'],
  saasUsers: ['/admin/:tenantId/saas-users', 'Tenant Users'],
  saasInvitations: ['/admin/:tenantId/saas-users/invitations', 'Pending Invitations'],
  saasInvite: ['/admin/:tenantId/saas-users/new', 'Invite a New User'],
  saasEditRoles: ['/admin/:tenantId/saas-users/edit/:userId', 'Update User Role'],
  adminFaqs: ['/admin/faqs', 'Manage FAQs'],
  adminFaqNew: ['/admin/faqs/new', 'Add FAQ'],
  adminFaqEdit: ['/admin/faqs/:frequentlyAskedQuestionId/edit', 'Edit FAQ'],
  adminDashboards: ['/admin/dashboards', 'Manage Dashboards'],
  adminBanner: ['/admin/banner', 'Manage Banner'],
  adminServiceAccounts: ['/admin/service-accounts', 'Service Accounts'],
  adminWebhooks: ['/admin/webhooks', 'Webhooks'],
  adminAuditLog: ['/admin/audit-log', 'Audit Log'],
  dashboardPartners: ['/dashboards/partners', 'Dashboards'],
  dashboardSelection: ['/dashboards/:accessTypeCode/:partnerCode', 'Dashboards'],
  thoughtspotViewer: [
    '/dashboards/thoughtspot/:accessTypeCode/:partnerCode/:pinboardId',
    'ThoughtSpot Dashboard',
  ],
  rstudioViewer: ['/dashboards/rstudio/:accessTypeCode/:partnerCode/:dashboardId', 'RStudio Dashboard'],
  quicksightViewer: [
    '/dashboards/quicksight/:accessTypeCode/:partnerCode/:pinboardId',
    'QuickSight Dashboard',
  ],
  tableauViewer: ['/dashboards/tableau/:accessTypeCode/:partnerCode/:dashboardId', 'Tableau Dashboard'],
  faqs: ['/faqs', 'FAQs'],
  myAccount: ['/my-account', 'My Account'],
  reportAnIssue: ['/report-an-issue', 'Report an Issue'],
};

describe('the pages and the feature each requires (SPEC.md §6)', () => {
  it.each(SECTION_6)('%s: %s', (_, feature, pages) => {
    const table = pageTable();
    for (const name of pages) expect([name, table[name].feature]).toEqual([name, feature]);
  });

  it('puts every page in exactly one row, and no page outside the table', () => {
    const inRows = SECTION_6.flatMap(([, , pages]) => pages);
    expect(new Set(inRows).size).toBe(inRows.length);
    expect(inRows.sort()).toEqual(Object.keys(pageTable()).sort());
  });
});

describe("the pages' routes and titles (SPEC.md §2)", () => {
  it.each(Object.entries(SECTION_2))('%s', (name, [path, title]) => {
    const page = pageTable()[name as PageName];
    expect({ path: page.path, title: page.title }).toEqual({ path, title });
  });

  it('is the table the portal reads', () => {
    expect(PAGES).toEqual(pageTable());
    expect(Object.keys(pageTable())).toEqual(Object.keys(SECTION_2));
  });
});

describe('the public pages', () => {
  it('are sign-in, sign-out, the two refusals, an invitation and the one-click unsubscribe', () => {
    expect(publicPagePaths()).toEqual([
      '/login',
      '/logout',
      '/user-not-found',
      '/not-authorized',
      '/invitation',
      '/invitation/:invitationId',
      '/unsubscribe/:token',
    ]);
    expect(PUBLIC_PAGE_PATHS).toEqual(publicPagePaths());
  });
});
