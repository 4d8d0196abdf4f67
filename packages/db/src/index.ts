// Every repository of the portal, one module per aggregate. Import from '@portal/db'; the two
// declared subpaths (package.json exports) are '@portal/db/testing' (tests only) and
// '@portal/db/seed' (the demo data, kept out of the root so the API never loads it). A deep
// import of a module is not used.
export * from './admin/admin-frequency-types.js';
export * from './admin/admin-lists.js';
export * from './admin/admin-partner-writes.js';
export * from './admin/admin-partners.js';
export * from './admin/admin-report-categories.js';
export * from './admin/admin-users.js';
export * from './admin/audit-log.js';
export * from './audit.js';
export * from './authentication/human-verification.js';
export * from './authentication/sessions.js';
export * from './authentication/users.js';
export * from './banner/banners.js';
export * from './batched-delete.js';
export * from './connection.js';
export * from './dashboards/dashboard-activity.js';
export * from './dashboards/dashboards.js';
export * from './datasets/datasets.js';
export type * from './db.js';
export * from './faq-and-support/faqs.js';
export * from './faq-and-support/reported-issues.js';
export * from './forms/disputes.js';
export * from './forms/form-batches.js';
export * from './forms/invoice-requests.js';
export * from './forms/pending-records.js';
export * from './marketing/partner-images.js';
export * from './migrate.js';
export * from './monitors/admin-report-monitors.js';
export * from './monitors/report-monitor-runs.js';
export * from './monitors/report-monitors.js';
export * from './operations/database-identity.js';
export * from './operations/health.js';
export * from './operations/mail-deliveries.js';
export * from './operations/service-accounts.js';
export * from './reports/live-reports.js';
export * from './reports/partner-frequency-types.js';
export * from './reports/partner-scope.js';
export * from './reports/report-catalog.js';
export * from './reports/report-events.js';
export * from './reports/reports.js';
export * from './reports/reports-ingest.js';
export * from './reports/subscriptions.js';

export * from './retention/partitions.js';
export * from './retention/retention-rules.js';
export * from './saas-users/invitations.js';
export * from './saas-users/tenants.js';
export type * from './schema.js';
export * from './webhooks/webhook-claims.js';
export * from './webhooks/webhook-deliveries.js';
export * from './webhooks/webhook-endpoints.js';
export * from './webhooks/webhook-outcomes.js';
