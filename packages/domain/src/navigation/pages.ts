import type { Feature } from '../access/features.js';

// SPEC.md §2 routes with the feature each requires (§6). The SPA's guards, side navigation,
// mobile menu and home cards all read this table.
export type PageDefinition = {
  path: string;
  title: string;
  feature: Feature;
};

/**
 * The table, built by a call rather than written as a module constant: its tests call it, so each
 * value is mutated and run under them (Stryker leaves out what runs only at import).
 */
export function pageTable() {
  return {
    home: { path: '/', title: 'Home', feature: 'NO_FEATURE_REQUIRED' },
    partners: { path: '/partners', title: 'Partners', feature: 'VIEW_REPORTS' },
    tenants: { path: '/tenants', title: 'Tenants', feature: 'MANAGE_EXTERNAL_USERS' },
    reportCategories: {
      path: '/partners/:accessTypeCode/:partnerCode/report-categories',
      title: 'Report Categories',
      feature: 'VIEW_REPORTS',
    },
    reports: {
      path: '/partners/:accessTypeCode/:partnerCode/report-categories/:reportCategoryCode/reports',
      title: 'Reports',
      feature: 'VIEW_REPORTS',
    },
    marketplace: { path: '/marketplace', title: 'Marketplace', feature: 'INTERNAL_ADMIN' },
    marketing: { path: '/marketing', title: 'Marketing', feature: 'MANAGE_MARKETING_CONTENT' },
    marketingUpload: {
      path: '/marketing/latest/:partnerCode',
      title: 'Marketing Content',
      feature: 'MANAGE_MARKETING_CONTENT',
    },
    forms: { path: '/forms', title: 'Operational Forms', feature: 'INTERNAL_OPERATIONS_TEAM' },
    customerInvoices: {
      path: '/forms/customer-invoice',
      title: 'Customer Invoices',
      feature: 'INTERNAL_OPERATIONS_TEAM',
    },
    customerInvoiceNew: {
      path: '/forms/customer-invoice/new',
      title: 'New Customer Invoice Request',
      feature: 'INTERNAL_OPERATIONS_TEAM',
    },
    customerInvoiceEdit: {
      path: '/forms/customer-invoice/:recordId/edit',
      title: 'Edit Customer Invoice Request',
      feature: 'INTERNAL_OPERATIONS_TEAM',
    },
    formBatches: { path: '/forms/batches', title: 'Batches', feature: 'INTERNAL_OPERATIONS_TEAM' },
    disputes: { path: '/forms/:retailer-disputes', title: 'Disputes', feature: 'INTERNAL_OPERATIONS_TEAM' },
    disputeNew: {
      path: '/forms/:retailer-disputes/new',
      title: 'New Dispute',
      feature: 'INTERNAL_OPERATIONS_TEAM',
    },
    disputeEdit: {
      path: '/forms/:retailer-disputes/:recordId/edit',
      title: 'Edit Dispute',
      feature: 'INTERNAL_OPERATIONS_TEAM',
    },
    admin: { path: '/admin', title: 'Admin', feature: 'INTERNAL_ADMIN' },
    adminPartners: { path: '/admin/partners', title: 'Manage Partners', feature: 'MANAGE_PARTNERS' },
    adminPartnerNew: { path: '/admin/partners/new', title: 'Add Partner', feature: 'MANAGE_PARTNERS' },
    adminPartnerEdit: {
      path: '/admin/partners/:accessTypeCode/:partnerCode/edit',
      title: 'Edit Partner',
      feature: 'MANAGE_PARTNERS',
    },
    adminReportAlerts: {
      path: '/admin/report-alerts',
      title: 'Manage Report Alerts',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    adminReportCategories: {
      path: '/admin/report-categories',
      title: 'Manage Report Categories',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    adminReportCategoryNew: {
      path: '/admin/report-categories/new',
      title: 'Add Report Category',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    adminReportCategoryEdit: {
      path: '/admin/report-categories/:reportCategoryCode/edit',
      title: 'Edit Report Category',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    adminFrequencyTypes: {
      path: '/admin/frequency-types',
      title: 'Manage Frequency Types',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    adminFrequencyTypeNew: {
      path: '/admin/frequency-types/new',
      title: 'Add Frequency Type',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    adminFrequencyTypeEdit: {
      path: '/admin/frequency-types/:frequencyTypeCode/edit',
      title: 'Edit Frequency Type',
      feature: 'MANAGE_REPORT_CATEGORIES',
    },
    // The spec titles the external users list 'Manage Internal Users'; kept as written.
    adminUsers: { path: '/admin/users', title: 'Manage Internal Users', feature: 'INTERNAL_ADMIN' },
    adminUserNew: { path: '/admin/users/new', title: 'Add External User', feature: 'INTERNAL_ADMIN' },
    adminUserEdit: {
      path: '/admin/users/:userId/edit',
      title: 'Edit External User',
      feature: 'INTERNAL_ADMIN',
    },
    saasUsers: {
      path: '/admin/:tenantId/saas-users',
      title: 'Tenant Users',
      feature: 'MANAGE_EXTERNAL_USERS',
    },
    saasInvitations: {
      path: '/admin/:tenantId/saas-users/invitations',
      title: 'Pending Invitations',
      feature: 'MANAGE_EXTERNAL_USERS',
    },
    saasInvite: {
      path: '/admin/:tenantId/saas-users/new',
      title: 'Invite a New User',
      feature: 'MANAGE_EXTERNAL_USERS',
    },
    saasEditRoles: {
      path: '/admin/:tenantId/saas-users/edit/:userId',
      title: 'Update User Role',
      feature: 'MANAGE_EXTERNAL_USERS',
    },
    adminFaqs: { path: '/admin/faqs', title: 'Manage FAQs', feature: 'INTERNAL_ADMIN' },
    adminFaqNew: { path: '/admin/faqs/new', title: 'Add FAQ', feature: 'INTERNAL_ADMIN' },
    adminFaqEdit: {
      path: '/admin/faqs/:frequentlyAskedQuestionId/edit',
      title: 'Edit FAQ',
      feature: 'INTERNAL_ADMIN',
    },
    adminDashboards: { path: '/admin/dashboards', title: 'Manage Dashboards', feature: 'MANAGE_DASHBOARDS' },
    adminBanner: { path: '/admin/banner', title: 'Manage Banner', feature: 'INTERNAL_ADMIN' },
    adminServiceAccounts: {
      path: '/admin/service-accounts',
      title: 'Service Accounts',
      feature: 'INTERNAL_ADMIN',
    },
    // Signed report events for partners' systems; a manager sees their partners' endpoints.
    adminWebhooks: { path: '/admin/webhooks', title: 'Webhooks', feature: 'MANAGE_PARTNERS' },
    // Not in the spec: who changed which reference data, when, before and after.
    adminAuditLog: { path: '/admin/audit-log', title: 'Audit Log', feature: 'INTERNAL_ADMIN' },
    dashboardPartners: { path: '/dashboards/partners', title: 'Dashboards', feature: 'NO_FEATURE_REQUIRED' },
    dashboardSelection: {
      path: '/dashboards/:accessTypeCode/:partnerCode',
      title: 'Dashboards',
      feature: 'NO_FEATURE_REQUIRED',
    },
    thoughtspotViewer: {
      path: '/dashboards/thoughtspot/:accessTypeCode/:partnerCode/:pinboardId',
      title: 'ThoughtSpot Dashboard',
      feature: 'VIEW_TS_DASHBOARDS',
    },
    // The spec does not name a feature for these three viewers; partner access is still required.
    rstudioViewer: {
      path: '/dashboards/rstudio/:accessTypeCode/:partnerCode/:dashboardId',
      title: 'RStudio Dashboard',
      feature: 'NO_FEATURE_REQUIRED',
    },
    quicksightViewer: {
      path: '/dashboards/quicksight/:accessTypeCode/:partnerCode/:pinboardId',
      title: 'QuickSight Dashboard',
      feature: 'NO_FEATURE_REQUIRED',
    },
    tableauViewer: {
      path: '/dashboards/tableau/:accessTypeCode/:partnerCode/:dashboardId',
      title: 'Tableau Dashboard',
      feature: 'NO_FEATURE_REQUIRED',
    },
    faqs: { path: '/faqs', title: 'FAQs', feature: 'NO_FEATURE_REQUIRED' },
    myAccount: { path: '/my-account', title: 'My Account', feature: 'NO_FEATURE_REQUIRED' },
    reportAnIssue: { path: '/report-an-issue', title: 'Report an Issue', feature: 'NO_FEATURE_REQUIRED' },
  } satisfies Record<string, PageDefinition>;
}

export type PageName = keyof ReturnType<typeof pageTable>;

export const PAGES: Readonly<Record<PageName, PageDefinition>> = pageTable();

/** The pages open without a session, in the public frame (apps/web/src/routes.tsx). */
export type PublicPagePath =
  | '/login'
  | '/logout'
  | '/user-not-found'
  | '/not-authorized'
  | '/invitation'
  | '/invitation/:invitationId'
  | '/unsubscribe/:token';

export function publicPagePaths(): PublicPagePath[] {
  return [
    '/login',
    '/logout',
    '/user-not-found',
    '/not-authorized',
    '/invitation',
    '/invitation/:invitationId',
    // A report subscription's one-click unsubscribe link: a GET shows a confirmation.
    '/unsubscribe/:token',
  ];
}

export const PUBLIC_PAGE_PATHS: readonly PublicPagePath[] = publicPagePaths();
