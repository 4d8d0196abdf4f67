// Every repository of the portal, one module per aggregate. Import from '@portal/db'; the two
// declared subpaths (package.json exports) are '@portal/db/testing' (tests only) and
// '@portal/db/seed' (the demo data, kept out of the root so the API never loads it). A deep
// import of a module is not used.
export * from './admin-frequency-types.js';
export * from './admin-lists.js';
export * from './admin-partner-writes.js';
export * from './admin-partners.js';
export * from './admin-report-categories.js';
export * from './admin-report-monitors.js';
export * from './admin-users.js';
export * from './audit.js';
export * from './audit-log.js';
export * from './banners.js';
export * from './connection.js';
export * from './dashboard-activity.js';
export * from './dashboards.js';
export * from './datasets.js';
export type * from './db.js';
export * from './disputes.js';
export * from './faqs.js';
export * from './form-batches.js';
export * from './health.js';
export * from './human-verification.js';
export * from './invitations.js';
export * from './invoice-requests.js';
export * from './live-reports.js';
export * from './mail-deliveries.js';
export * from './migrate.js';
export * from './partner-frequency-types.js';
export * from './partner-images.js';
export * from './partner-scope.js';
export * from './pending-records.js';
export * from './report-catalog.js';
export * from './report-monitor-runs.js';
export * from './report-monitors.js';
export * from './reported-issues.js';
export * from './reports.js';
export * from './reports-ingest.js';
export type * from './schema.js';
export * from './service-accounts.js';
export * from './sessions.js';
export * from './tenants.js';
export * from './users.js';
