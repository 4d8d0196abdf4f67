import type { Migration } from 'kysely/migration';
import * as referenceData from './2026112101_reference_data.js';
import * as usersAndSessions from './2026112102_users_and_sessions.js';
import * as reportsAndMonitors from './2026112103_reports_and_monitors.js';
import * as content from './2026112104_content.js';
import * as dashboards from './2026112105_dashboards.js';
import * as tenants from './2026112106_tenants.js';
import * as operationalForms from './2026112107_operational_forms.js';
import * as outboxAndAudit from './2026112108_outbox_and_audit.js';
import * as mailDeliveries from './2026112109_mail_deliveries.js';
import * as reportsFileNameCheck from './2026112114_reports_file_name_check.js';
import * as reportMonitorRunDetail from './2026112115_report_monitor_run_detail.js';
import * as humanVerification from './2026112140_human_verification.js';
import * as reportDates from './2026112141_report_dates.js';
import * as adminReferenceData from './2026112150_admin_reference_data.js';
import * as sessionPurgeIndexes from './2026112160_session_purge_indexes.js';
import * as externalUsersWithoutPartnerWideAdmin from './2026112301_external_users_without_partner_wide_admin.js';
import * as invitationDelivery from './2026112310_invitation_delivery.js';
import * as formBatches from './2026112320_form_batches.js';
import * as invitationMailWithoutToken from './2026112335_invitation_mail_without_token.js';
import * as reportSubscriptions from './2026112601_report_subscriptions.js';
import * as webhooks from './2026112602_webhooks.js';
import * as retention from './2026112603_retention.js';
import * as batchRecordsByRecordId from './2026112604_batch_records_by_record_id.js';
import * as webhookRefusedAddress from './2026112710_webhook_refused_address.js';
import * as webhookEndpointsWithoutPartners from './2026112711_webhook_endpoints_without_partners.js';
import * as databaseIdentity from './2026112712_database_identity.js';
import * as webhookDispatch from './2026112810_webhook_dispatch.js';
import * as traceContext from './2026112820_trace_context.js';

// Listed explicitly so the same migrations run under tsx, vitest and a bundler alike.
// A landed migration is never edited: add a new file.
export const migrations: Record<string, Migration> = {
  '2026112101_reference_data': referenceData,
  '2026112102_users_and_sessions': usersAndSessions,
  '2026112103_reports_and_monitors': reportsAndMonitors,
  '2026112104_content': content,
  '2026112105_dashboards': dashboards,
  '2026112106_tenants': tenants,
  '2026112107_operational_forms': operationalForms,
  '2026112108_outbox_and_audit': outboxAndAudit,
  '2026112109_mail_deliveries': mailDeliveries,
  '2026112114_reports_file_name_check': reportsFileNameCheck,
  '2026112115_report_monitor_run_detail': reportMonitorRunDetail,
  '2026112140_human_verification': humanVerification,
  '2026112141_report_dates': reportDates,
  '2026112150_admin_reference_data': adminReferenceData,
  '2026112160_session_purge_indexes': sessionPurgeIndexes,
  '2026112301_external_users_without_partner_wide_admin': externalUsersWithoutPartnerWideAdmin,
  '2026112310_invitation_delivery': invitationDelivery,
  '2026112320_form_batches': formBatches,
  '2026112335_invitation_mail_without_token': invitationMailWithoutToken,
  '2026112601_report_subscriptions': reportSubscriptions,
  '2026112602_webhooks': webhooks,
  '2026112603_retention': retention,
  '2026112604_batch_records_by_record_id': batchRecordsByRecordId,
  '2026112710_webhook_refused_address': webhookRefusedAddress,
  '2026112711_webhook_endpoints_without_partners': webhookEndpointsWithoutPartners,
  '2026112712_database_identity': databaseIdentity,
  '2026112810_webhook_dispatch': webhookDispatch,
  '2026112820_trace_context': traceContext,
};
