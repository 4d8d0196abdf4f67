import type { PartnerGrant } from '@portal/domain';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';

// Webhook endpoints of service accounts (issue 28). The secret is stored sealed (the caller seals
// it under WEBHOOK_SECRET_KEY): this module never sees it in the clear.

export type WebhookEndpointPartner = PartnerGrant & { partnerId: number; partnerName: string };

export type WebhookEndpoint = {
  endpointId: string;
  serviceAccountId: string;
  serviceAccountName: string;
  url: string;
  description: string;
  eventTypes: string[];
  categoryCodes: string[];
  partners: WebhookEndpointPartner[];
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  /** When its current run of failures began; null while it answers. */
  failingSince: Date | null;
  /** Set while it backs off: its queued deliveries wait for a probe at this time to succeed. */
  nextProbeAt: Date | null;
  /** Until when the secret before the last rotation still signs; null when none does. */
  previousSecretExpiresAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
};

function selectEndpoints(db: Db) {
  return db
    .selectFrom('webhook_endpoints as w')
    .innerJoin('users as u', 'u.user_id', 'w.service_account_id')
    .select((eb) => [
      'w.endpoint_id as endpointId',
      'w.service_account_id as serviceAccountId',
      'u.first_name as serviceAccountName',
      'w.url',
      'w.description',
      'w.event_types as eventTypes',
      'w.category_codes as categoryCodes',
      'w.enabled',
      'w.disabled_reason as disabledReason',
      'w.consecutive_failures as consecutiveFailures',
      'w.failing_since as failingSince',
      'w.next_probe_at as nextProbeAt',
      'w.previous_secret_expires_at as previousSecretExpiresAt',
      'w.created_by as createdBy',
      'w.created_at as createdAt',
      'w.updated_at as updatedAt',
      jsonArrayFrom(
        eb
          .selectFrom('webhook_endpoint_partners as ep')
          .innerJoin('partners as p', 'p.partner_id', 'ep.partner_id')
          .select([
            'p.partner_id as partnerId',
            'p.access_type_code as accessTypeCode',
            'p.code as partnerCode',
            'p.name as partnerName',
          ])
          .whereRef('ep.endpoint_id', '=', 'w.endpoint_id')
          .orderBy('p.access_type_code')
          .orderBy('p.code'),
      ).as('partners'),
    ]);
}

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return selectEndpoints(db).orderBy('w.created_at').orderBy('w.endpoint_id').execute();
}

export async function findWebhookEndpoint(db: Db, endpointId: string): Promise<WebhookEndpoint | undefined> {
  return selectEndpoints(db).where('w.endpoint_id', '=', endpointId).executeTakeFirst();
}

export type WebhookEndpointSettings = {
  url: string;
  description: string;
  eventTypes: readonly string[];
  partnerIds: readonly number[];
  categoryCodes: readonly string[];
};

async function setPartners(db: Db, endpointId: string, partnerIds: readonly number[]): Promise<void> {
  await db.deleteFrom('webhook_endpoint_partners').where('endpoint_id', '=', endpointId).execute();
  const unique = [...new Set(partnerIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('webhook_endpoint_partners')
    .values(unique.map((partnerId) => ({ endpoint_id: endpointId, partner_id: partnerId })))
    .execute();
}

export async function insertWebhookEndpoint(
  db: Db,
  endpoint: WebhookEndpointSettings & { serviceAccountId: string; secretSealed: string; createdBy: string },
): Promise<string> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      service_account_id: endpoint.serviceAccountId,
      url: endpoint.url,
      description: endpoint.description,
      event_types: [...endpoint.eventTypes],
      category_codes: [...endpoint.categoryCodes],
      secret_sealed: endpoint.secretSealed,
      created_by: endpoint.createdBy,
    })
    .returning('endpoint_id')
    .executeTakeFirstOrThrow();
  await setPartners(db, row.endpoint_id, endpoint.partnerIds);
  return row.endpoint_id;
}

export async function updateWebhookEndpoint(
  db: Db,
  endpointId: string,
  settings: WebhookEndpointSettings,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      url: settings.url,
      description: settings.description,
      event_types: [...settings.eventTypes],
      category_codes: [...settings.categoryCodes],
      updated_at: sql<Date>`now()`,
    })
    .where('endpoint_id', '=', endpointId)
    .execute();
  await setPartners(db, endpointId, settings.partnerIds);
}

export async function deleteWebhookEndpoint(db: Db, endpointId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('webhook_endpoints')
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The new secret signs from now on; the current one keeps signing until `previousExpiresAt`. */
export async function rotateWebhookSecret(
  db: Db,
  endpointId: string,
  rotation: { secretSealed: string; previousExpiresAt: Date },
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret_sealed: eb.ref('secret_sealed'),
      previous_secret_expires_at: rotation.previousExpiresAt,
      secret_sealed: rotation.secretSealed,
      updated_at: sql<Date>`now()`,
    }))
    .where('endpoint_id', '=', endpointId)
    .execute();
}

/**
 * Disables, with `reason`, every endpoint whose only partner is `partnerId`, and returns their ids:
 * run in the transaction that deletes that partner, before it. With no partner an endpoint hears no
 * report event and is no manager's (webhook-scope.ts); disabled, it sends nothing, test events
 * included, until an internal admin gives it a partner and enables it.
 */
export async function disableEndpointsLeftWithoutPartners(
  db: Db,
  partnerId: number,
  reason: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('webhook_endpoints as w')
    .set({ enabled: false, disabled_reason: reason, updated_at: sql<Date>`now()` })
    .where('w.endpoint_id', 'in', (eb) =>
      eb.selectFrom('webhook_endpoint_partners').select('endpoint_id').where('partner_id', '=', partnerId),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_endpoint_partners as other')
            .select('other.partner_id')
            .whereRef('other.endpoint_id', '=', 'w.endpoint_id')
            .where('other.partner_id', '<>', partnerId),
        ),
      ),
    )
    .returning('w.endpoint_id')
    .execute();
  return rows.map((row) => row.endpoint_id);
}

/** Re-enabled by hand: its failures and its backing off are forgotten. */
export async function enableWebhookEndpoint(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      failing_since: null,
      next_probe_at: null,
      probe_failures: 0,
      updated_at: sql<Date>`now()`,
    })
    .where('endpoint_id', '=', endpointId)
    .execute();
}

export type WebhookPartnerOption = PartnerGrant & { partnerId: number; partnerName: string };

/** Every partner and report category an endpoint may name (the caller narrows them to its scope). */
export async function listWebhookTargets(
  db: Db,
): Promise<{ partners: WebhookPartnerOption[]; categories: { code: string; name: string }[] }> {
  const partners = await db
    .selectFrom('partners')
    .select([
      'partner_id as partnerId',
      'access_type_code as accessTypeCode',
      'code as partnerCode',
      'name as partnerName',
    ])
    .orderBy('name')
    .orderBy('access_type_code')
    .orderBy('code')
    .execute();
  const categories = await db
    .selectFrom('report_categories')
    .select(['code', 'name'])
    .orderBy('name')
    .execute();
  return { partners, categories };
}
