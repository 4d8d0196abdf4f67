import { Readable } from 'node:stream';
import { DEFAULT_RETENTION } from '@portal/domain/operations/retention';
import { type Kysely, sql, type Transaction } from 'kysely';
import * as adminFrequencyTypes from '../../src/admin/admin-frequency-types.js';
import * as adminLists from '../../src/admin/admin-lists.js';
import * as adminPartnerWrites from '../../src/admin/admin-partner-writes.js';
import * as adminPartners from '../../src/admin/admin-partners.js';
import * as adminReportCategories from '../../src/admin/admin-report-categories.js';
import * as adminUsers from '../../src/admin/admin-users.js';
import * as auditLog from '../../src/admin/audit-log.js';
import * as audit from '../../src/audit.js';
import * as humanVerification from '../../src/authentication/human-verification.js';
import * as sessions from '../../src/authentication/sessions.js';
import * as users from '../../src/authentication/users.js';
import * as banners from '../../src/banner/banners.js';
import * as batchedDelete from '../../src/batched-delete.js';
import * as dashboardActivity from '../../src/dashboards/dashboard-activity.js';
import * as dashboards from '../../src/dashboards/dashboards.js';
import * as datasets from '../../src/datasets/datasets.js';
import * as faqs from '../../src/faq-and-support/faqs.js';
import * as reportedIssues from '../../src/faq-and-support/reported-issues.js';
import * as disputes from '../../src/forms/disputes.js';
import * as formBatches from '../../src/forms/form-batches.js';
import * as invoiceRequests from '../../src/forms/invoice-requests.js';
import * as pendingRecords from '../../src/forms/pending-records.js';
import * as partnerImages from '../../src/marketing/partner-images.js';
import * as adminReportMonitors from '../../src/monitors/admin-report-monitors.js';
import * as reportMonitorRuns from '../../src/monitors/report-monitor-runs.js';
import * as reportMonitors from '../../src/monitors/report-monitors.js';
import * as databaseIdentity from '../../src/operations/database-identity.js';
import * as health from '../../src/operations/health.js';
import * as mailDeliveries from '../../src/operations/mail-deliveries.js';
import * as serviceAccounts from '../../src/operations/service-accounts.js';
import * as liveReports from '../../src/reports/live-reports.js';
import * as partnerFrequencyTypes from '../../src/reports/partner-frequency-types.js';
import * as partnerScope from '../../src/reports/partner-scope.js';
import * as reportCatalog from '../../src/reports/report-catalog.js';
import * as reportEvents from '../../src/reports/report-events.js';
import * as reports from '../../src/reports/reports.js';
import * as reportsIngest from '../../src/reports/reports-ingest.js';
import * as subscriptions from '../../src/reports/subscriptions.js';
import * as partitions from '../../src/retention/partitions.js';
import * as retentionRules from '../../src/retention/retention-rules.js';
import * as invitations from '../../src/saas-users/invitations.js';
import * as tenants from '../../src/saas-users/tenants.js';
import type { Database } from '../../src/schema.js';
import * as webhookClaims from '../../src/webhooks/webhook-claims.js';
import * as webhookDeliveries from '../../src/webhooks/webhook-deliveries.js';
import * as webhookEndpoints from '../../src/webhooks/webhook-endpoints.js';
import * as webhookOutcomes from '../../src/webhooks/webhook-outcomes.js';

/**
 * One call of a repository function with placeholder inputs. It gets a database that records what
 * it is sent and answers with no rows, unless `rows` answers a statement (by its text) with some,
 * to follow the path past "nothing found".
 */
export type SqlCall = {
  run: (db: Kysely<Database>) => Promise<unknown> | AsyncIterable<unknown> | { compile(): unknown };
  rows?: (sql: string) => readonly object[];
};

/** A module's calls by export name; `false` for an export that sends nothing (a pure helper). */
export type ModuleCalls = Record<string, SqlCall | SqlCall['run'] | false>;

export type SqlModule = { module: Record<string, unknown>; calls: ModuleCalls };

/** Placeholder values of a type the call does not read field by field. */
const fill = <T>(value: object = {}): T => value as T;
const at = new Date('2026-01-15T10:00:00.000Z');
const grants = [{ accessTypeCode: 'EXT', partnerCode: 'P1' }];
const page = { page: 1, pageSize: 25 };
const trx = (db: Kysely<Database>) => db as unknown as Transaction<Database>;
const userId = sql<string>`'user-1'`;
const schedule = { frequencyTypeCode: 'DAILY', frequencyDay: null, frequencyNumber: null };
const dispute = fill<Parameters<typeof disputes.insertDisputes>[1][number]>({
  messageType: 'CHARGEBACK',
  customerId: '100001',
  bin: '630220',
  messageDate: '2026-01-10',
  disputeReasonDesc: 'late presentment',
  transactionDate: '2026-01-05',
  lastFourCardNum: '1234',
  disputeAmountCents: 100,
  transactionAmountCents: 200,
  issuerClaimId: 'IC-1',
  issuerClaimTransactionId: 'ICT-1',
  merchantId: 'M1',
  acquirerRefId: 'ARN1',
  acquirerClaimId: null,
});
const endpointSettings = {
  url: 'https://hooks.example.com/portal',
  description: 'placeholder',
  eventTypes: ['report.available'],
  partnerIds: [1],
  categoryCodes: ['CAT1'],
};

const dashboardInput: dashboards.DashboardInput = {
  partnerId: 1,
  dashboardName: 'Sales',
  dashboardDescription: 'Monthly sales',
  dashboardUrl: 'https://bi.example.com/d/1',
  dashboardType: 'TABLEAU',
  dashboardContentType: null,
};
const invoiceValues = {
  accountNumber: '1234567890',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  batchDate: '2026-01-16',
};
const reportTarget = {
  accessTypeCode: 'EXT',
  partnerCode: 'P1',
  categoryCode: 'CAT1',
  reportDate: '2026-01-15',
  fileName: 'report.csv',
};

/** The partner, its category and frequency type found, so an ingest goes on to write its report. */
const ingestRows = (text: string) => {
  if (text.includes('from "partners"')) return [{ partner_id: 1, access_type_code: 'EXT', code: 'P1' }];
  if (text.includes('from "partner_categories"')) return [{ category_code: 'CAT1' }];
  if (text.includes('from "partner_category_frequency_types"')) return [{ frequency_type_code: 'DAILY' }];
  if (text.startsWith('insert into "reports"')) return [{ reportId: 1, report_id: 1 }];
  if (text.startsWith('insert into "report_events"')) return [{ event_id: 'event-1' }];
  return [];
};

/** Every repository module of packages/db (src-relative path, no extension) with its calls. */
export const SQL_MODULES: Record<string, SqlModule> = {
  'admin/admin-frequency-types': {
    module: adminFrequencyTypes,
    calls: {
      listAdminFrequencyTypes: (db) =>
        adminFrequencyTypes.listAdminFrequencyTypes(db, {
          ...page,
          filters: { code: 'D', name: 'Dai' },
          sort: 'name',
          order: 'asc',
        }),
      findFrequencyType: (db) => adminFrequencyTypes.findFrequencyType(db, 'DAILY'),
      insertFrequencyType: (db) =>
        adminFrequencyTypes.insertFrequencyType(db, { code: 'DAILY', name: 'Daily' }),
      renameFrequencyType: (db) =>
        adminFrequencyTypes.renameFrequencyType(db, { code: 'DAILY', name: 'Daily' }),
      frequencyTypeHasReports: (db) => adminFrequencyTypes.frequencyTypeHasReports(db, 'DAILY'),
      deleteFrequencyType: (db) => adminFrequencyTypes.deleteFrequencyType(db, 'DAILY'),
      listFrequencyTypePartners: (db) => adminFrequencyTypes.listFrequencyTypePartners(db, 'DAILY'),
    },
  },
  'admin/admin-lists': {
    module: adminLists,
    calls: {
      containsPattern: false,
      offsetOf: false,
      isUniqueViolation: false,
      isForeignKeyViolation: false,
      boundedCount: (db) => adminLists.boundedCount(db, db.selectFrom('partners').select('partner_id'), 1000),
    },
  },
  'admin/admin-partner-writes': {
    module: adminPartnerWrites,
    calls: {
      insertPartner: {
        run: (db) =>
          adminPartnerWrites.insertPartner(db, {
            accessTypeCode: 'EXT',
            code: 'P1',
            name: 'Partner 1',
            categories: [{ categoryCode: 'CAT1', frequencyTypeCodes: ['DAILY'] }],
          }),
        rows: (text) => (text.startsWith('insert into "partners"') ? [{ partner_id: 1 }] : []),
      },
      lockPartner: (db) => adminPartnerWrites.lockPartner(db, 1),
      updatePartner: (db) =>
        adminPartnerWrites.updatePartner(db, 1, {
          accessTypeCode: 'EXT',
          code: 'P1',
          name: 'Partner 1',
          categories: [{ categoryCode: 'CAT1', frequencyTypeCodes: ['DAILY'] }],
        }),
      partnerHasReports: (db) => adminPartnerWrites.partnerHasReports(db, 1),
      deletePartner: (db) =>
        adminPartnerWrites.deletePartner(db, { partnerId: 1, accessTypeCode: 'EXT', code: 'P1' }),
    },
  },
  'admin/admin-partners': {
    module: adminPartners,
    calls: {
      listAdminPartners: (db) =>
        adminPartners.listAdminPartners(db, {
          ...page,
          filters: { type: 'EXT', code: 'P', name: 'Part', categoryCode: 'CAT1' },
          sort: 'code',
          order: 'asc',
          scope: grants,
        }),
      findAdminPartners: (db) => adminPartners.findAdminPartners(db, 'P1', 'EXT'),
      listAccessTypes: (db) => adminPartners.listAccessTypes(db),
      listAllFrequencyTypes: (db) => adminPartners.listAllFrequencyTypes(db),
      listCategoryCatalog: (db) => adminPartners.listCategoryCatalog(db),
    },
  },
  'admin/admin-report-categories': {
    module: adminReportCategories,
    calls: {
      listAdminReportCategories: (db) =>
        adminReportCategories.listAdminReportCategories(db, {
          ...page,
          filters: { code: 'C', name: 'Cat' },
          scope: grants,
          sort: 'code',
          order: 'desc',
        }),
      findAdminReportCategory: (db) => adminReportCategories.findAdminReportCategory(db, 'CAT1', grants),
      insertReportCategory: (db) =>
        adminReportCategories.insertReportCategory(db, {
          code: 'CAT1',
          name: 'Category 1',
          frequencyTypeCodes: ['DAILY'],
          externalLink: null,
          ownerEmails: ['owner@example.com'],
        }),
      updateReportCategory: (db) =>
        adminReportCategories.updateReportCategory(db, {
          code: 'CAT1',
          name: 'Category 1',
          frequencyTypeCodes: ['DAILY'],
          externalLink: 'https://example.com',
          ownerEmails: ['owner@example.com'],
        }),
      setCategoryPartners: (db) => adminReportCategories.setCategoryPartners(db, 'CAT1', [1]),
      resolvePartners: (db) => adminReportCategories.resolvePartners(db, [{ type: 'EXT', code: 'P1' }]),
      categoryHasReports: (db) => adminReportCategories.categoryHasReports(db, 'CAT1'),
      deleteReportCategory: (db) => adminReportCategories.deleteReportCategory(db, 'CAT1'),
    },
  },
  'admin/admin-users': {
    module: adminUsers,
    calls: {
      listAdminUsers: (db) =>
        adminUsers.listAdminUsers(db, {
          ...page,
          filters: { userId: 'u', firstName: 'A', lastName: 'B', email: 'e', externalOnly: true },
          sort: 'lastName',
          order: 'asc',
        }),
      listAdminUsersForCsv: (db) => adminUsers.listAdminUsersForCsv(db, { email: 'e' }, 10_000),
      findAdminUser: (db) => adminUsers.findAdminUser(db, 'user-1'),
      insertExternalUser: (db) =>
        adminUsers.insertExternalUser(
          db,
          { userId: 'user-1', firstName: 'A', lastName: 'B', email: 'a@example.com', phone: null },
          { features: ['REPORTS'], partnerGrants: grants },
        ),
      updateExternalUser: (db) =>
        adminUsers.updateExternalUser(
          db,
          { userId: 'user-1', firstName: 'A', lastName: 'B', email: 'a@example.com', phone: null },
          { features: ['REPORTS'], partnerGrants: grants },
        ),
      deleteExternalUser: (db) => adminUsers.deleteExternalUser(db, 'user-1'),
    },
  },
  'admin/audit-log': {
    module: auditLog,
    calls: {
      listAuditLog: (db) =>
        auditLog.listAuditLog(db, {
          ...page,
          filters: { entityType: 'partner', actor: 'user-1', from: '2026-01-01', to: '2026-01-31' },
        }),
    },
  },
  audit: {
    module: audit,
    calls: {
      writeAudit: (db) =>
        audit.writeAudit(db, {
          actorUserId: 'user-1',
          action: 'PARTNER_UPDATE',
          entityType: 'partner',
          entityId: '1',
          before: {},
          after: {},
        }),
      listAuditEntries: (db) => audit.listAuditEntries(db, 'partner', '1'),
    },
  },
  'authentication/human-verification': {
    module: humanVerification,
    calls: { claimVerificationToken: (db) => humanVerification.claimVerificationToken(db, 'token', at) },
  },
  'authentication/sessions': {
    module: sessions,
    calls: {
      sha256Hex: false,
      randomSecret: false,
      createSession: (db) =>
        sessions.createSession(db, { userId: 'user-1', provider: 'okta', idToken: null, absoluteHours: 12 }),
      findActiveSession: (db) => sessions.findActiveSession(db, 'session-id', 30),
      findSessionUser: (db) => sessions.findSessionUser(db, 'session-id', 30),
      touchSession: (db) => sessions.touchSession(db, 'hash'),
      deleteSession: (db) => sessions.deleteSession(db, 'hash'),
      deleteSessionsOfUser: (db) => sessions.deleteSessionsOfUser(db, 'user-1'),
      deleteExpiredSessions: (db) => sessions.deleteExpiredSessions(db, 30),
      deleteExpiredPendingLogins: (db) => sessions.deleteExpiredPendingLogins(db),
      markSessionHumanVerified: (db) => sessions.markSessionHumanVerified(db, 'hash'),
      createPendingLogin: (db) =>
        sessions.createPendingLogin(db, {
          state: 'state',
          provider: 'okta',
          codeVerifier: 'verifier',
          nonce: 'nonce',
          returnTo: null,
          ttlSeconds: 600,
        }),
      takePendingLogin: (db) => sessions.takePendingLogin(db, 'state', 'okta'),
    },
  },
  'authentication/users': {
    module: users,
    calls: {
      featuresOf: (db) => db.selectNoFrom(users.featuresOf(db, userId).as('features')),
      grantsOf: (db) => db.selectNoFrom(users.grantsOf(db, userId).as('grants')),
      selectUsersWithAccess: (db) => users.selectUsersWithAccess(db),
      shapeUserWithAccess: false,
      findUserWithAccess: (db) => users.findUserWithAccess(db, 'user-1'),
      findActiveUser: (db) => users.findActiveUser(db, 'user-1'),
      userExists: (db) => users.userExists(db, 'user-1'),
      findUserIdByIdentity: (db) => users.findUserIdByIdentity(db, 'okta', 'subject'),
      findUserIdsForSignIn: (db) => users.findUserIdsForSignIn(db, 'subject', 'a@example.com'),
      addUserIdentity: (db) =>
        users.addUserIdentity(db, { provider: 'okta', subject: 'subject', userId: 'user-1' }),
      updateUserNames: (db) => users.updateUserNames(db, 'user-1', { firstName: 'A', lastName: 'B' }),
      disableUser: (db) => users.disableUser(db, 'user-1'),
      unknownPartnerGrants: (db) => users.unknownPartnerGrants(db, grants),
      setUserAccess: (db) =>
        users.setUserAccess(db, 'user-1', { features: ['REPORTS'], partnerGrants: grants }),
    },
  },
  'banner/banners': {
    module: banners,
    calls: {
      listBannerTypes: (db) => banners.listBannerTypes(db),
      bannerTypeExists: (db) => banners.bannerTypeExists(db, 'INFO'),
      listBanners: (db) => banners.listBanners(db),
      listShowingBanners: (db) => banners.listShowingBanners(db, at),
      findBanner: (db) => banners.findBanner(db, 1),
      createBanner: (db) =>
        banners.createBanner(db, { bannerMessage: 'Maintenance', bannerType: 'INFO', timeToLive: 60 }, at),
      updateBanner: (db) =>
        banners.updateBanner(
          db,
          1,
          { bannerMessage: 'Maintenance', bannerType: 'INFO', timeToLive: null },
          at,
        ),
      disableBanner: (db) => banners.disableBanner(db, 1, at),
    },
  },
  'dashboards/dashboard-activity': {
    module: dashboardActivity,
    calls: {
      recordDashboardEvents: (db) =>
        dashboardActivity.recordDashboardEvents(
          db,
          [
            {
              eventId: '00000000-0000-4000-8000-000000000001',
              dashboardId: 1,
              userId: 'user-1',
              kind: 'VIEW',
              detail: {},
              occurredAt: at,
              month: '2026-01-01',
            },
          ],
          { from: new Date('2025-12-01T00:00:00.000Z'), to: new Date('2026-02-01T00:00:00.000Z') },
        ),
      monthlyViewsOfPartner: (db) => dashboardActivity.monthlyViewsOfPartner(db, 'EXT', 'P1', '2026-01-01'),
      findDashboardEvent: (db) => dashboardActivity.findDashboardEvent(db, 'event-1'),
      listDashboardEvents: (db) => dashboardActivity.listDashboardEvents(db, 1, 'VIEW'),
    },
  },
  'dashboards/dashboards': {
    module: dashboards,
    calls: {
      listAllDashboards: (db) => dashboards.listAllDashboards(db, grants),
      listPartnerDashboards: (db) => dashboards.listPartnerDashboards(db, 'EXT', 'P1'),
      findDashboards: (db) => dashboards.findDashboards(db, [1]),
      findDashboard: (db) => dashboards.findDashboard(db, 1),
      findDashboardsByUrl: (db) =>
        dashboards.findDashboardsByUrl(db, 'TABLEAU', 'https://bi.example.com/d/1'),
      findDashboardsUnderStem: (db) =>
        dashboards.findDashboardsUnderStem(db, 'TABLEAU', 'https://bi.example.com/d'),
      findDashboardContentCandidates: (db) =>
        dashboards.findDashboardContentCandidates(db, 'TABLEAU', 'https://bi.example.com/d/1'),
      findPartnerId: (db) => dashboards.findPartnerId(db, 'EXT', 'P1'),
      listPartnersWithDashboards: (db) => dashboards.listPartnersWithDashboards(db),
      listPartnerDashboardTypes: (db) => dashboards.listPartnerDashboardTypes(db),
      insertDashboard: {
        run: (db) => dashboards.insertDashboard(db, dashboardInput, at),
        rows: (text) => (text.startsWith('insert') ? [{ dashboard_id: 1 }] : []),
      },
      updateDashboard: (db) => dashboards.updateDashboard(db, 1, dashboardInput, at),
      deleteDashboard: (db) => dashboards.deleteDashboard(db, 1),
    },
  },
  'datasets/datasets': {
    module: datasets,
    calls: {
      findDataset: (db) => datasets.findDataset(db, 'catalog-1'),
      registerDataset: (db) =>
        datasets.registerDataset(db, { catalogId: 'catalog-1', objectKey: 'datasets/1.csv' }),
    },
  },
  'faq-and-support/faqs': {
    module: faqs,
    calls: {
      listFaqs: (db) => faqs.listFaqs(db),
      findFaq: (db) => faqs.findFaq(db, 1),
      createFaq: (db) => faqs.createFaq(db, { question: 'Q?', answer: 'A.' }),
      updateFaq: (db) => faqs.updateFaq(db, 1, { question: 'Q?', answer: 'A.' }),
      deleteFaq: (db) => faqs.deleteFaq(db, 1),
    },
  },
  'faq-and-support/reported-issues': {
    module: reportedIssues,
    calls: {
      listIssueReasons: (db) => reportedIssues.listIssueReasons(db),
      createReportedIssue: (db) =>
        reportedIssues.createReportedIssue(db, {
          phone: '',
          reason: 'Other',
          message: 'Help',
          userId: 'user-1',
        }),
      listReportedIssues: (db) => reportedIssues.listReportedIssues(db, 'user-1'),
    },
  },
  'forms/disputes': {
    module: disputes,
    calls: {
      toDispute: false,
      listDisputes: (db) => disputes.listDisputes(db, 'RETAILER', false),
      insertDisputes: (db) =>
        disputes.insertDisputes(db, [dispute], {
          retailer: 'RETAILER',
          batchDate: '2026-01-16',
          createdBy: 'user-1',
        }),
      updatePendingDispute: (db) => disputes.updatePendingDispute(db, 'RETAILER', 1, dispute, '2026-01-16'),
      deletePendingDispute: (db) => disputes.deletePendingDispute(db, 'RETAILER', 1, at),
    },
  },
  'forms/form-batches': {
    module: formBatches,
    calls: {
      claimBatch: (db) =>
        formBatches.claimBatch(db, 'disputes', {
          batchDate: '2026-01-16',
          scheduledFor: at,
          startedAt: at,
          late: false,
        }),
      takeBatchRecords: (db) => formBatches.takeBatchRecords(db, 'disputes', 1, '2026-01-16'),
      disputeFileRecords: (db) => formBatches.disputeFileRecords(db, { batchId: 1 }),
      invoiceFileRecords: (db) => formBatches.invoiceFileRecords(db, { pendingThrough: '2026-01-16' }),
      finishBatch: (db) =>
        formBatches.finishBatch(db, 'invoices', 1, {
          recordCount: 1,
          totalCents: 100,
          storageKey: 'batches/1',
          checksum: 'sha',
          finishedAt: at,
        }),
      lastBatchDate: (db) => formBatches.lastBatchDate(db, 'disputes', '2026-01-16'),
      listBatches: (db) => formBatches.listBatches(db),
      findBatch: (db) => formBatches.findBatch(db, 'invoices', '2026-01-16'),
      countPendingThrough: (db) => formBatches.countPendingThrough(db, 'disputes', '2026-01-16'),
    },
  },
  'forms/invoice-requests': {
    module: invoiceRequests,
    calls: {
      toInvoiceRequest: false,
      listInvoiceRequests: (db) => invoiceRequests.listInvoiceRequests(db),
      insertInvoiceRequest: (db) =>
        invoiceRequests.insertInvoiceRequest(db, { ...invoiceValues, createdBy: 'user-1', createdAt: at }),
      updatePendingInvoiceRequest: (db) =>
        invoiceRequests.updatePendingInvoiceRequest(db, 1, () => invoiceValues),
      deletePendingInvoiceRequest: (db) => invoiceRequests.deletePendingInvoiceRequest(db, 1, at),
    },
  },
  'forms/pending-records': {
    module: pendingRecords,
    calls: {
      pendingThrough: (db) =>
        db.selectFrom('disputes').select('record_id').where(pendingRecords.pendingThrough('2026-01-16')),
      changePendingRecord: (db) =>
        pendingRecords.changePendingRecord(
          db,
          'disputes',
          { recordId: 1, retailer: 'RETAILER' },
          () => ({}),
          (row) => row,
        ),
      deletePendingRecord: (db) =>
        pendingRecords.deletePendingRecord(
          db,
          'customer_invoice_requests',
          { recordId: 1 },
          at,
          (row) => row,
        ),
    },
  },
  'marketing/partner-images': {
    module: partnerImages,
    calls: {
      findPartnersByCode: (db) => partnerImages.findPartnersByCode(db, 'P1'),
      hasLogo: (db) => db.selectFrom('partners').select(partnerImages.hasLogo('partners.code')),
      listPartnerSummaries: (db) => partnerImages.listPartnerSummaries(db, grants),
      findPartnerImage: (db) => partnerImages.findPartnerImage(db, 'P1', 'LOGO'),
      listPartnerImages: (db) => partnerImages.listPartnerImages(db, 'P1'),
      savePartnerImage: (db) =>
        partnerImages.savePartnerImage(
          db,
          {
            partnerCode: 'P1',
            kind: 'LOGO',
            storageKey: 'images/p1',
            contentType: 'image/png',
            byteSize: 10,
            updatedBy: 'user-1',
          },
          at,
        ),
    },
  },
  'monitors/admin-report-monitors': {
    module: adminReportMonitors,
    calls: {
      listAdminReportMonitors: (db) =>
        adminReportMonitors.listAdminReportMonitors(db, {
          ...page,
          filters: { partner: 'P', category: 'C', frequencyTypeCode: 'DAILY' },
          sort: 'partner',
          order: 'asc',
          scope: grants,
        }),
      listPartnerReportMonitors: (db) => adminReportMonitors.listPartnerReportMonitors(db, [1]),
      findAdminReportMonitor: (db) => adminReportMonitors.findAdminReportMonitor(db, 1),
      insertReportMonitor: {
        run: (db) =>
          adminReportMonitors.insertReportMonitor(db, { ...schedule, partnerId: 1, categoryCode: 'CAT1' }),
        rows: (text) => (text.startsWith('insert') ? [{ report_monitor_id: 1 }] : []),
      },
      updateReportMonitor: (db) =>
        adminReportMonitors.updateReportMonitor(db, {
          ...schedule,
          reportMonitorId: 1,
          partnerId: 1,
          categoryCode: 'CAT1',
        }),
      deleteReportMonitor: (db) => adminReportMonitors.deleteReportMonitor(db, 1, 1),
      deleteReportMonitorsOfCategories: (db) =>
        adminReportMonitors.deleteReportMonitorsOfCategories(db, 1, ['CAT1']),
    },
  },
  'monitors/report-monitor-runs': {
    module: reportMonitorRuns,
    calls: {
      listMonitorRuns: (db) => reportMonitorRuns.listMonitorRuns(db, { limit: 50, scope: grants }),
      findMonitorRun: (db) => reportMonitorRuns.findMonitorRun(db, '2026-01-16'),
    },
  },
  'monitors/report-monitors': {
    module: reportMonitors,
    calls: {
      findDueMonitors: (db) =>
        reportMonitors.findDueMonitors(db, {
          dueDate: '2026-01-16',
          expectedReportDate: '2026-01-15',
          schedules: [schedule],
        }),
      claimMonitorRun: (db) =>
        reportMonitors.claimMonitorRun(db, {
          checkDate: '2026-01-16',
          scheduledFor: at,
          startedAt: at,
          late: false,
        }),
      recordMonitorAlerts: (db) =>
        reportMonitors.recordMonitorAlerts(db, { runId: 1, dueDate: '2026-01-16', reportMonitorIds: [1] }),
      finishMonitorRun: (db) =>
        reportMonitors.finishMonitorRun(db, {
          runId: 1,
          finishedAt: at,
          dueMonitorIds: [1],
          missingCount: 1,
          emailedCount: 1,
        }),
      lastMonitorRunDate: (db) => reportMonitors.lastMonitorRunDate(db, '2026-01-16'),
      planMonitorCheck: (db) => reportMonitors.planMonitorCheck(db, '2026-01-16'),
    },
  },
  'operations/database-identity': {
    module: databaseIdentity,
    calls: {
      databaseIdentity: {
        run: (db) => databaseIdentity.databaseIdentity(db),
        rows: () => [{ identity: 'placeholder' }],
      },
    },
  },
  'operations/health': { module: health, calls: { pingDatabase: (db) => health.pingDatabase(db) } },
  'operations/mail-deliveries': {
    module: mailDeliveries,
    calls: {
      claimDelivery: (db) =>
        mailDeliveries.claimDelivery(db, {
          jobId: 'job-1',
          messageId: '<m1@portal>',
          recipients: ['a@example.com'],
          subject: 'Subject',
        }),
      touchDelivery: (db) => mailDeliveries.touchDelivery(db, 'job-1'),
      markDeliverySent: (db) => mailDeliveries.markDeliverySent(db, 'job-1'),
      markDeliveryFailed: (db) => mailDeliveries.markDeliveryFailed(db, 'job-1', 'refused'),
    },
  },
  'operations/service-accounts': {
    module: serviceAccounts,
    calls: {
      listServiceAccounts: (db) => serviceAccounts.listServiceAccounts(db),
      findServiceAccount: (db) => serviceAccounts.findServiceAccount(db, 'svc-1'),
      createServiceAccount: (db) =>
        serviceAccounts.createServiceAccount(db, {
          userId: 'svc-1',
          name: 'Service',
          features: ['VIEW_REPORTS'],
          partnerGrants: grants,
        }),
      issueServiceAccountToken: (db) =>
        serviceAccounts.issueServiceAccountToken(db, { userId: 'svc-1', name: 'ci', days: 30 }),
      revokeServiceAccountToken: (db) => serviceAccounts.revokeServiceAccountToken(db, 'svc-1', 'token-1'),
      findTokenOwner: (db) => serviceAccounts.findTokenOwner(db, 'psa_token'),
    },
  },
  'reports/live-reports': {
    module: liveReports,
    calls: {
      whereLive: (db) =>
        db.selectFrom('reports as r').select('r.report_id').where(liveReports.whereLive('r')),
    },
  },
  'reports/partner-scope': {
    module: partnerScope,
    calls: {
      partnerInScope: (db) =>
        db
          .selectFrom('partners as p')
          .select('p.partner_id')
          .where((eb) => partnerScope.partnerInScope(eb, grants)),
    },
  },
  'reports/partner-frequency-types': {
    module: partnerFrequencyTypes,
    calls: {
      partnerCategoryFrequencyTypes: (db) =>
        db.selectNoFrom(
          partnerFrequencyTypes
            .partnerCategoryFrequencyTypes(db, sql<number>`1`, sql<string>`'CAT1'`)
            .as('types'),
        ),
    },
  },
  'reports/report-catalog': {
    module: reportCatalog,
    calls: {
      listCatalogPartners: (db) => reportCatalog.listCatalogPartners(db),
      findCatalogPartner: (db) => reportCatalog.findCatalogPartner(db, 'EXT', 'P1'),
      listPartnerCategories: (db) => reportCatalog.listPartnerCategories(db, 1),
      findCatalogPartnerCategory: (db) =>
        reportCatalog.findCatalogPartnerCategory(db, {
          accessTypeCode: 'EXT',
          partnerCode: 'P1',
          categoryCode: 'CAT1',
        }),
    },
  },
  'reports/report-events': {
    module: reportEvents,
    calls: {
      recordReportEvents: {
        run: (db) =>
          reportEvents.recordReportEvents(db, [
            {
              eventType: 'report.available',
              partnerId: 1,
              categoryCode: 'CAT1',
              reportId: 1,
              reportDate: '2026-01-15',
            },
          ]),
        rows: (text) => (text.startsWith('insert into "report_events"') ? [{ event_id: 'event-1' }] : []),
      },
      findReportEvents: (db) => reportEvents.findReportEvents(db, ['event-1']),
    },
  },
  'reports/reports': {
    module: reports,
    calls: {
      listReportsBetween: (db) =>
        reports.listReportsBetween(db, {
          partnerId: 1,
          categoryCode: 'CAT1',
          startDate: '2026-01-01',
          endDate: '2026-01-31',
        }),
      listLatestReports: (db) =>
        reports.listLatestReports(db, { partnerId: 1, categoryCode: 'CAT1', frequencyTypeCodes: ['DAILY'] }),
      listReportDates: (db) => reports.listReportDates(db, 1, 'CAT1'),
      findLatestReport: (db) => reports.findLatestReport(db, 1, 'CAT1'),
      findLiveReports: (db) => reports.findLiveReports(db, [1]),
      findCurrentReport: (db) => reports.findCurrentReport(db, 1),
      softDeleteReport: (db) => reports.softDeleteReport(db, { reportId: 1, deletedBy: 'user-1' }),
      recordReportAccess: (db) =>
        reports.recordReportAccess(db, {
          userId: 'user-1',
          action: 'REPORT_VIEW',
          reportIds: [1],
          detail: {},
        }),
    },
  },
  'reports/reports-ingest': {
    module: reportsIngest,
    calls: {
      resolveReportTarget: {
        run: (db) => reportsIngest.resolveReportTarget(db, reportTarget),
        rows: ingestRows,
      },
      ingestReport: {
        run: (db) =>
          reportsIngest.ingestReport(
            db,
            { put: async () => ({ size: 4, sha256: 'sha' }) },
            { ...reportTarget, body: Readable.from(['data']), contentType: 'text/csv', lastModified: at },
          ),
        rows: ingestRows,
      },
    },
  },
  'reports/subscriptions': {
    module: subscriptions,
    calls: {
      listSubscriptionsOf: (db) => subscriptions.listSubscriptionsOf(db, 'user-1'),
      findSubscription: (db) => subscriptions.findSubscription(db, 1),
      findSubscriptionFor: (db) =>
        subscriptions.findSubscriptionFor(db, { userId: 'user-1', partnerId: 1, categoryCode: 'CAT1' }),
      isFollowing: (db) =>
        subscriptions.isFollowing(db, { userId: 'user-1', partnerId: 1, categoryCode: 'CAT1' }),
      saveSubscription: {
        run: (db) =>
          subscriptions.saveSubscription(
            db,
            { userId: 'user-1', partnerId: 1, categoryCode: 'CAT1' },
            fill({ frequencyTypeCodes: ['DAILY'], delivery: 'IMMEDIATE', digestTime: null }),
          ),
        rows: (text) => (text.startsWith('insert') ? [{ subscription_id: 1 }] : []),
      },
      deleteSubscription: (db) => subscriptions.deleteSubscription(db, 'user-1', 1),
      findByUnsubscribeToken: (db) => subscriptions.findByUnsubscribeToken(db, 'token'),
      unsubscribeByToken: (db) => subscriptions.unsubscribeByToken(db, 'token'),
      addSubscriptionItems: (db) => subscriptions.addSubscriptionItems(db, ['event-1']),
      listPendingSubscriptions: (db) => subscriptions.listPendingSubscriptions(db),
      claimPendingItems: (db) => subscriptions.claimPendingItems(db, 1),
      partnerOffersCategory: (db) =>
        subscriptions.partnerOffersCategory(db, {
          accessTypeCode: 'EXT',
          partnerCode: 'P1',
          categoryCode: 'CAT1',
        }),
      markSubscriptionSent: (db) => subscriptions.markSubscriptionSent(db, 1, { sentAt: at }),
    },
  },
  'batched-delete': {
    module: batchedDelete,
    calls: {
      deleteInBatches: (db) =>
        batchedDelete.deleteInBatches(db, 'outbox', sql<boolean>`published_at < ${at}`, 1000),
    },
  },
  'retention/partitions': {
    module: partitions,
    calls: {
      listPartitionMonths: (db) => partitions.listPartitionMonths(db, 'audit_log'),
      makeMonthPartitions: (db) =>
        partitions.makeMonthPartitions(db, 'audit_log', [new Date('2026-02-01T00:00:00Z')]),
      dropMonthPartition: (db) =>
        partitions.dropMonthPartition(db, 'audit_log', new Date('2025-01-01T00:00:00Z')),
      maintainPartitions: (db) => partitions.maintainPartitions(db, at, { audit_log: 12 }),
    },
  },
  'retention/retention-rules': {
    module: retentionRules,
    calls: { applyRetention: (db) => retentionRules.applyRetention(db, DEFAULT_RETENTION, at) },
  },
  'saas-users/invitations': {
    module: invitations,
    calls: {
      listPendingInvitations: (db) =>
        invitations.listPendingInvitations(db, 'tenant-1', { limit: 25, offset: 0, now: at }),
      findInvitation: (db) => invitations.findInvitation(db, 'invitation-1'),
      lockInvitation: (db) => invitations.lockInvitation(trx(db), 'invitation-1'),
      findInvitationByTokenHash: (db) => invitations.findInvitationByTokenHash(db, 'hash'),
      hasPendingInvitation: (db) => invitations.hasPendingInvitation(db, 'tenant-1', 'a@example.com', at),
      insertInvitation: (db) =>
        invitations.insertInvitation(db, {
          tenantId: 'tenant-1',
          emailAddress: 'a@example.com',
          userRoleIds: ['role-1'],
          isThoughtSpotUser: false,
          inviterName: 'Admin',
          createdAt: at,
          expiresAt: at,
        }),
      markInvitationDeleted: (db) => invitations.markInvitationDeleted(db, 'invitation-1', at),
      markInvitationMailed: (db) => invitations.markInvitationMailed(db, 'invitation-1', at),
      recordInvitationToken: (db) => invitations.recordInvitationToken(db, 'invitation-1', 'hash'),
      markInvitationAccepted: (db) => invitations.markInvitationAccepted(db, 'invitation-1', 'user-1', at),
      renewInvitation: (db) =>
        invitations.renewInvitation(db, 'invitation-1', { expiresAt: at, mailedAt: at }),
      findInvitationSignInAgain: (db) => invitations.findInvitationSignInAgain(db, 'hash'),
      takeInvitationSignInAgain: (db) => invitations.takeInvitationSignInAgain(db, 'hash', 'invitation-1'),
    },
  },
  'saas-users/tenants': {
    module: tenants,
    calls: {
      memberTenantIds: (db) => tenants.memberTenantIds(db, { userId: 'user-1', email: 'a@example.com' }),
      listTenants: (db) => tenants.listTenants(db, ['tenant-1']),
      findTenant: (db) => tenants.findTenant(db, 'tenant-1'),
      lockTenant: (db) => tenants.lockTenant(trx(db), 'tenant-1'),
      listRoles: (db) => tenants.listRoles(db),
      listTenantMembers: {
        run: (db) => tenants.listTenantMembers(db, 'tenant-1', { limit: 25, offset: 0 }),
        rows: (text) => (text.startsWith('select count(*)') ? [{ count: 0 }] : []),
      },
      listAllTenantMembers: (db) => tenants.listAllTenantMembers(db, 'tenant-1'),
      findTenantMember: (db) => tenants.findTenantMember(db, 'tenant-1', 'user-1'),
      findTenantMemberByEmail: (db) => tenants.findTenantMemberByEmail(db, 'tenant-1', 'a@example.com'),
      setMemberRoles: (db) =>
        tenants.setMemberRoles(db, { tenantId: 'tenant-1', userId: 'user-1' }, ['role-1']),
      addTenantMember: (db) =>
        tenants.addTenantMember(
          db,
          {
            tenantId: 'tenant-1',
            userId: 'user-1',
            emailAddress: 'a@example.com',
            firstName: 'A',
            lastName: 'B',
          },
          ['role-1'],
        ),
      deleteTenantMember: (db) => tenants.deleteTenantMember(db, 'tenant-1', 'user-1'),
      belongsAnywhere: (db) => tenants.belongsAnywhere(db, 'user-1'),
      ensureInvitedUser: (db) =>
        tenants.ensureInvitedUser(db, { email: 'a@example.com', firstName: 'A', lastName: 'B' }),
    },
  },
  'webhooks/webhook-claims': {
    module: webhookClaims,
    calls: {
      claimWebhookDeliveries: (db) =>
        webhookClaims.claimWebhookDeliveries(db, { now: at, leaseUntil: at, limit: 10, perEndpoint: 2 }),
    },
  },
  'webhooks/webhook-deliveries': {
    module: webhookDeliveries,
    calls: {
      listEndpointsHearing: (db) => webhookDeliveries.listEndpointsHearing(db, ['event-1']),
      insertWebhookDeliveries: (db) =>
        webhookDeliveries.insertWebhookDeliveries(
          db,
          [
            {
              deliveryId: 'delivery-1',
              endpointId: 'endpoint-1',
              eventId: 'event-1',
              eventType: 'report.available',
              body: '{}',
            },
          ],
          { dueAt: at },
        ),
      reopenWebhookDelivery: (db) =>
        webhookDeliveries.reopenWebhookDelivery(db, 'endpoint-1', 'delivery-1', at),
      probeWebhookEndpointNow: (db) => webhookDeliveries.probeWebhookEndpointNow(db, 'endpoint-1', at),
      makeWebhookDeliveryDue: (db) => webhookDeliveries.makeWebhookDeliveryDue(db, 'delivery-1', at),
      listWebhookDeliveries: (db) => webhookDeliveries.listWebhookDeliveries(db, 'endpoint-1', 50),
    },
  },
  'webhooks/webhook-endpoints': {
    module: webhookEndpoints,
    calls: {
      listWebhookEndpoints: (db) => webhookEndpoints.listWebhookEndpoints(db),
      findWebhookEndpoint: (db) => webhookEndpoints.findWebhookEndpoint(db, 'endpoint-1'),
      insertWebhookEndpoint: {
        run: (db) =>
          webhookEndpoints.insertWebhookEndpoint(db, {
            ...endpointSettings,
            serviceAccountId: 'svc-1',
            secretSealed: 'sealed',
            createdBy: 'user-1',
          }),
        rows: (text) =>
          text.startsWith('insert into "webhook_endpoints"') ? [{ endpoint_id: 'endpoint-1' }] : [],
      },
      updateWebhookEndpoint: (db) =>
        webhookEndpoints.updateWebhookEndpoint(db, 'endpoint-1', endpointSettings),
      deleteWebhookEndpoint: (db) => webhookEndpoints.deleteWebhookEndpoint(db, 'endpoint-1'),
      rotateWebhookSecret: (db) =>
        webhookEndpoints.rotateWebhookSecret(db, 'endpoint-1', {
          secretSealed: 'sealed',
          previousExpiresAt: at,
        }),
      disableEndpointsLeftWithoutPartners: (db) =>
        webhookEndpoints.disableEndpointsLeftWithoutPartners(db, 1, 'partner deleted'),
      enableWebhookEndpoint: (db) => webhookEndpoints.enableWebhookEndpoint(db, 'endpoint-1'),
      listWebhookTargets: (db) => webhookEndpoints.listWebhookTargets(db),
    },
  },
  'webhooks/webhook-outcomes': {
    module: webhookOutcomes,
    calls: {
      lockWebhookEndpointHealth: (db) => webhookOutcomes.lockWebhookEndpointHealth(trx(db), ['endpoint-1']),
      markWebhookEndpointsAnswering: (db) =>
        webhookOutcomes.markWebhookEndpointsAnswering(db, ['endpoint-1']),
      saveWebhookEndpointHealth: (db) =>
        webhookOutcomes.saveWebhookEndpointHealth(trx(db), [
          fill({
            endpointId: 'endpoint-1',
            enabled: true,
            consecutiveFailures: 0,
            failingSince: null,
            nextProbeAt: null,
            probeFailures: 0,
            disabledReason: null,
          }),
        ]),
      recordWebhookOutcomes: (db) =>
        webhookOutcomes.recordWebhookOutcomes(trx(db), [
          fill({
            deliveryId: 'delivery-1',
            status: 'succeeded',
            nextAttemptAt: null,
            roundAttempts: 1,
            attempted: true,
            startedAt: at,
            durationMs: 12,
            responseStatus: 200,
            error: null,
          }),
        ]),
      giveUpWaitingDeliveries: (db) =>
        webhookOutcomes.giveUpWaitingDeliveries(db, { now: at, firstDueBefore: at, waitedHours: '72' }),
    },
  },
};

/** The exports of packages/db that are not repository modules: wiring, not queries. */
export const NOT_REPOSITORIES = [
  'connection',
  'migrate',
  'compiled-once',
  'statement-recorder',
  'db',
  'schema',
];
