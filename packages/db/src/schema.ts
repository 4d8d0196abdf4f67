import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Kysely's view of the tables created by ./migrations. Dates (SQL `date`) travel as
// 'YYYY-MM-DD' strings; timestamps as Date.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateOnly = ColumnType<string, string, string>;
type Json = ColumnType<unknown, string | undefined, string>;
type NullableJson = ColumnType<unknown | null, string | null | undefined, string | null>;
type Numeric = ColumnType<string, string | number, string | number>;

export type AccessTypesTable = { code: string; name: string };
export type FrequencyTypesTable = { code: string; name: string };
export type PartnersTable = {
  partner_id: Generated<number>;
  access_type_code: string;
  code: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type ReportCategoriesTable = {
  code: string;
  name: string;
  external_link: string | null;
  owner_emails: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type ReportCategoryFrequencyTypesTable = { category_code: string; frequency_type_code: string };
export type PartnerCategoriesTable = { partner_id: number; category_code: string };
export type PartnerCategoryFrequencyTypesTable = {
  partner_id: number;
  category_code: string;
  frequency_type_code: string;
};
export type DatasetsTable = { catalog_id: string; object_key: string; created_at: Generated<Date> };

export type UsersTable = {
  user_id: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: Generated<string>;
  phone: string | null;
  common_id: string | null;
  is_external_user: Generated<boolean>;
  is_internal_admin: Generated<boolean>;
  is_service_account: Generated<boolean>;
  disabled_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type UserFeaturesTable = { user_id: string; feature: string };
export type UserPartnerAccessTable = { user_id: string; access_type_code: string; partner_code: string };
export type UserIdentitiesTable = {
  provider: string;
  subject: string;
  user_id: string;
  created_at: Generated<Date>;
};
export type ServiceAccountTokensTable = {
  token_id: Generated<string>;
  user_id: string;
  name: Generated<string>;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
};
export type SessionsTable = {
  session_hash: string;
  user_id: string;
  provider: string | null;
  id_token: string | null;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  human_verified_at: NullableTimestamp;
};
export type PendingLoginsTable = {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  return_to: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  invitation_id: string | null;
};

export type ReportsTable = {
  report_id: Generated<number>;
  partner_id: number;
  category_code: string;
  frequency_type_code: string;
  report_date: DateOnly;
  file_name: string;
  file_size: ColumnType<number, number, number>;
  content_type: string;
  sha256: string;
  storage_key: string;
  last_modified: Timestamp;
  uploaded_at: Generated<Date>;
  uploaded_by: string | null;
  superseded_at: NullableTimestamp;
  superseded_by: number | null;
  deleted_at: NullableTimestamp;
  deleted_by: string | null;
};
export type ReportMonitorsTable = {
  report_monitor_id: Generated<number>;
  partner_id: number;
  category_code: string;
  frequency_type_code: string;
  frequency_day: string | null;
  frequency_number: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type ReportMonitorRunsTable = {
  run_id: Generated<number>;
  check_date: DateOnly;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  late: Generated<boolean>;
  due_count: Generated<number>;
  missing_count: Generated<number>;
  scheduled_for: NullableTimestamp;
  due_monitor_ids: ColumnType<number[], number[] | undefined, number[]>;
  emailed_count: Generated<number>;
};
export type ReportMonitorAlertsTable = {
  run_id: number;
  report_monitor_id: number;
  due_date: DateOnly;
  recipients: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
};

export type FaqsTable = {
  faq_id: Generated<number>;
  question: string;
  answer: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type BannerTypesTable = { banner_code: string; alert_code: string; name: string };
export type BannersTable = {
  banner_id: Generated<number>;
  banner_message: string;
  banner_type: string;
  time_to_live: number | null;
  is_active: Generated<boolean>;
  activated_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type PartnerImagesTable = {
  partner_code: string;
  kind: 'LOGO' | 'MARKETING';
  storage_key: string;
  content_type: string;
  byte_size: number;
  updated_at: Timestamp;
  updated_by: string | null;
};
export type IssueReasonsTable = { reason: string; sort_order: Generated<number> };
export type ReportedIssuesTable = {
  issue_id: Generated<number>;
  user_id: string | null;
  phone: string | null;
  reason: string;
  message: string;
  created_at: Generated<Date>;
};

export type DashboardsTable = {
  dashboard_id: Generated<number>;
  partner_id: number;
  dashboard_name: string;
  dashboard_description: Generated<string>;
  dashboard_url: string;
  dashboard_type: 'TABLEAU' | 'RSTUDIO' | 'THOUGHTSPOT' | 'QUICKSIGHT';
  dashboard_content_type: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
// Partitioned by month on occurred_at (key: event_id, occurred_at), like audit_log on `at`: see
// packages/db/src/retention/partitions.ts.
export type DashboardActivityEventsTable = {
  event_id: string;
  dashboard_id: number;
  user_id: string | null;
  kind: 'VIEW' | 'FAIL';
  detail: NullableJson;
  occurred_at: Timestamp;
  recorded_at: Generated<Date>;
};
export type DashboardViewsMonthlyTable = { dashboard_id: number; month: DateOnly; views: Generated<number> };

export type TenantsTable = { tenant_id: string; display_name: string; logo_url: string | null };
export type RolesTable = {
  role_id: string;
  role_name: string;
  role_description: Generated<string>;
  rank: number | null;
};
export type TenantMembersTable = {
  tenant_id: string;
  user_id: string;
  email_address: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  created_at: Generated<Date>;
};
export type TenantMemberRolesTable = { tenant_id: string; user_id: string; role_id: string };
export type InvitationsTable = {
  invitation_id: Generated<string>;
  tenant_id: string;
  email_address: string;
  user_role_ids: ColumnType<string[], string[], string[]>;
  is_thoughtspot_user: Generated<boolean>;
  inviter_name: Generated<string>;
  token_hash: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  mailed_at: NullableTimestamp;
  accepted_by_user_id: string | null;
};

export type InvoiceBatchesTable = {
  batch_id: Generated<number>;
  batch_date: DateOnly;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  request_count: Generated<number>;
  status: Generated<'running' | 'completed'>;
  scheduled_for: NullableTimestamp;
  late: Generated<boolean>;
  storage_key: string | null;
  checksum_sha256: string | null;
};
export type CustomerInvoiceRequestsTable = {
  record_id: Generated<number>;
  account_number: string;
  start_date: DateOnly;
  end_date: DateOnly;
  batch_date: DateOnly;
  batch_id: number | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
};
export type DisputeBatchesTable = {
  batch_id: Generated<number>;
  batch_date: DateOnly;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  dispute_count: Generated<number>;
  storage_key: string | null;
  status: Generated<'running' | 'completed'>;
  scheduled_for: NullableTimestamp;
  late: Generated<boolean>;
  /** bigint, read as a number by the connection (cents stay far below 2^53). */
  total_cents: ColumnType<number, number | undefined, number>;
  checksum_sha256: string | null;
};
export type DisputesTable = {
  record_id: Generated<number>;
  retailer: string;
  message_type: 'claim-request' | 'outcome-chargeback';
  customer_id: string;
  bin: string;
  message_date: DateOnly;
  dispute_reason_desc: string;
  transaction_date: DateOnly;
  last_four_card_num: string;
  dispute_amount: Numeric;
  transaction_amount: Numeric;
  issuer_claim_id: string;
  issuer_claim_transaction_id: string;
  merchant_id: string;
  acquirer_ref_id: string;
  acquirer_claim_id: string | null;
  chargeback_reference_id: string | null;
  batch_date: DateOnly;
  batch_id: number | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
};

export type OutboxTable = {
  outbox_id: Generated<string>;
  queue: string;
  job_name: string;
  payload: Json;
  job_id: string | null;
  created_at: Generated<Date>;
  published_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  /** The W3C traceparent of the span that wrote the row (null without tracing). */
  traceparent: string | null;
};
export type AuditLogTable = {
  /** From the sequence audit_log_id_seq; the key is (audit_id, at). */
  audit_id: Generated<number>;
  at: Generated<Date>;
  actor_user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: NullableJson;
  after: NullableJson;
  detail: NullableJson;
};
export type ReportDatesTable = {
  partner_id: number;
  category_code: string;
  report_date: DateOnly;
  live_reports: number;
};
export type HumanVerificationUsesTable = { token_hash: string; expires_at: Timestamp };
export type SeedRunsTable = { name: string; applied_at: Generated<Date> };
export type MailDeliveriesTable = {
  job_id: string;
  message_id: string;
  recipients: ColumnType<string[], string[], string[]>;
  subject: string;
  status: 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  claimed_at: Generated<Date>;
  sent_at: NullableTimestamp;
  last_error: string | null;
};

export type ReportEventsTable = {
  event_id: Generated<string>;
  event_type: 'report.available' | 'report.replaced' | 'report.deleted' | 'monitor.missing';
  partner_id: number;
  category_code: string;
  frequency_type_code: string | null;
  report_id: number | null;
  replaced_report_id: number | null;
  report_monitor_id: number | null;
  report_date: DateOnly | null;
  file_name: string | null;
  occurred_at: Generated<Date>;
};
export type ReportSubscriptionsTable = {
  subscription_id: Generated<number>;
  user_id: string;
  partner_id: number;
  category_code: string;
  frequency_type_codes: ColumnType<string[], string[] | undefined, string[]>;
  delivery: 'AS_THEY_ARRIVE' | 'DAILY_DIGEST';
  digest_time: string | null;
  unsubscribe_token: string;
  paused_reason: string | null;
  last_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
export type WebhookEndpointsTable = {
  endpoint_id: Generated<string>;
  service_account_id: string;
  url: string;
  description: Generated<string>;
  event_types: ColumnType<string[], string[], string[]>;
  category_codes: ColumnType<string[], string[] | undefined, string[]>;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: NullableTimestamp;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  consecutive_failures: Generated<number>;
  failing_since: NullableTimestamp;
  next_probe_at: NullableTimestamp;
  probe_failures: Generated<number>;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
export type WebhookEndpointPartnersTable = { endpoint_id: string; partner_id: number };
export type WebhookDeliveriesTable = {
  delivery_id: string;
  endpoint_id: string;
  event_id: string | null;
  event_type: string;
  body: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  last_response_status: number | null;
  last_error: string | null;
  created_at: Generated<Date>;
  succeeded_at: NullableTimestamp;
  next_attempt_at: Timestamp;
  first_due_at: Timestamp;
  round_attempts: Generated<number>;
  claimed_until: NullableTimestamp;
  /** The fan-out's (or the test event's) traceparent: every attempt is a child of it. */
  traceparent: string | null;
};
export type WebhookDeliveryAttemptsTable = {
  delivery_id: string;
  attempt: number;
  started_at: Timestamp;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  /** Where the host resolved, for a refusal by address: an internal administrator's to read. */
  refused_address: string | null;
  /** The trace of the attempt's span, for the delivery log (null without tracing). */
  trace_id: string | null;
};
export type ReportSubscriptionItemsTable = {
  subscription_id: number;
  event_id: string;
  added_at: Generated<Date>;
  /** The fan-out's traceparent: the subscription's mail continues its trace. */
  traceparent: string | null;
};
/** One row: the database's identity, which claims its queue prefix in Redis. */
export type DatabaseIdentityTable = {
  singleton: Generated<boolean>;
  id: Generated<string>;
  created_at: Generated<Date>;
};

export type Database = {
  access_types: AccessTypesTable;
  frequency_types: FrequencyTypesTable;
  partners: PartnersTable;
  report_categories: ReportCategoriesTable;
  report_category_frequency_types: ReportCategoryFrequencyTypesTable;
  partner_categories: PartnerCategoriesTable;
  partner_category_frequency_types: PartnerCategoryFrequencyTypesTable;
  datasets: DatasetsTable;
  users: UsersTable;
  user_features: UserFeaturesTable;
  user_partner_access: UserPartnerAccessTable;
  user_identities: UserIdentitiesTable;
  service_account_tokens: ServiceAccountTokensTable;
  sessions: SessionsTable;
  pending_logins: PendingLoginsTable;
  reports: ReportsTable;
  report_monitors: ReportMonitorsTable;
  report_monitor_runs: ReportMonitorRunsTable;
  report_monitor_alerts: ReportMonitorAlertsTable;
  faqs: FaqsTable;
  banner_types: BannerTypesTable;
  banners: BannersTable;
  partner_images: PartnerImagesTable;
  issue_reasons: IssueReasonsTable;
  reported_issues: ReportedIssuesTable;
  dashboards: DashboardsTable;
  dashboard_activity_events: DashboardActivityEventsTable;
  dashboard_views_monthly: DashboardViewsMonthlyTable;
  tenants: TenantsTable;
  roles: RolesTable;
  tenant_members: TenantMembersTable;
  tenant_member_roles: TenantMemberRolesTable;
  invitations: InvitationsTable;
  invoice_batches: InvoiceBatchesTable;
  customer_invoice_requests: CustomerInvoiceRequestsTable;
  dispute_batches: DisputeBatchesTable;
  disputes: DisputesTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  seed_runs: SeedRunsTable;
  human_verification_uses: HumanVerificationUsesTable;
  report_dates: ReportDatesTable;
  mail_deliveries: MailDeliveriesTable;
  report_events: ReportEventsTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_subscription_items: ReportSubscriptionItemsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_endpoint_partners: WebhookEndpointPartnersTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  database_identity: DatabaseIdentityTable;
};

export type Partner = Selectable<PartnersTable>;
export type NewPartner = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type Report = Selectable<ReportsTable>;
export type User = Selectable<UsersTable>;
