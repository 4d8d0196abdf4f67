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

/** Re-enabled by hand: its failures are forgotten. */
export async function enableWebhookEndpoint(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ enabled: true, disabled_reason: null, consecutive_failures: 0, updated_at: sql<Date>`now()` })
    .where('endpoint_id', '=', endpointId)
    .execute();
}

/** A delivery answered 2xx: the run of failures is over. */
export async function resetWebhookFailures(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ consecutive_failures: 0 })
    .where('endpoint_id', '=', endpointId)
    .where('consecutive_failures', '<>', 0)
    .execute();
}

/**
 * Counts one more failure in a row; at `disableAfter` the endpoint is disabled with `reason`.
 * Returns true only to the failure that disabled it (so its owner is told once).
 */
export async function countWebhookFailure(
  db: Db,
  endpointId: string,
  rule: { disableAfter: number; reason: string },
): Promise<{ consecutiveFailures: number; disabledNow: boolean }> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
    .where('endpoint_id', '=', endpointId)
    .returning(['consecutive_failures', 'enabled'])
    .executeTakeFirst();
  if (!row) return { consecutiveFailures: 0, disabledNow: false };
  if (!row.enabled || row.consecutive_failures < rule.disableAfter) {
    return { consecutiveFailures: row.consecutive_failures, disabledNow: false };
  }
  const disabled = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: rule.reason, updated_at: sql<Date>`now()` })
    .where('endpoint_id', '=', endpointId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return { consecutiveFailures: row.consecutive_failures, disabledNow: disabled.numUpdatedRows > 0n };
}

/** What a delivery needs to be signed and sent: the endpoint with its sealed secrets. */
export type WebhookEndpointSecrets = {
  endpointId: string;
  serviceAccountId: string;
  url: string;
  enabled: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  createdBy: string;
};

export async function findWebhookEndpointSecrets(
  db: Db,
  endpointId: string,
): Promise<WebhookEndpointSecrets | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select([
      'endpoint_id as endpointId',
      'service_account_id as serviceAccountId',
      'url',
      'enabled',
      'secret_sealed as secretSealed',
      'previous_secret_sealed as previousSecretSealed',
      'previous_secret_expires_at as previousSecretExpiresAt',
      'created_by as createdBy',
    ])
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
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
