import {
  createServiceAccount,
  type Database,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
} from '@portal/db';
import { DEVELOPMENT_SECRET_KEY, generateSecret, parseSecretKey, sealSecret } from '@portal/webhooks';
import type { Kysely } from 'kysely';

// What the webhook rows of the matrix act on: a service account of EXT/BJS, an endpoint of it that
// the change, rotate, enable, test and delivery rows use, one the DELETE row removes, and a delivery
// to redeliver; and an endpoint of EXT/OTH with a delivery (outside the scoped manager's partner,
// partner-manager-table.ts); and an endpoint with no partner left, with a delivery, and a service
// account with no partner grant (an internal admin's alone). The URL is a public address literal: registration resolves nothing, and no test
// runs a worker that would send to it.
export type WebhookMatrixIds = {
  webhookServiceAccount: string;
  webhookEndpointId: string;
  webhookEndpointToDelete: string;
  webhookDeliveryId: string;
  webhookOtherServiceAccount: string;
  webhookOtherEndpoint: string;
  webhookOtherDeliveryId: string;
  webhookEndpointWithoutPartner: string;
  webhookDeliveryWithoutPartner: string;
  webhookServiceAccountWithoutPartner: string;
};

export const WEBHOOK_MATRIX_URL = 'https://93.184.216.34/matrix';

/** Creates a service account of one partner; returns a maker of endpoints for it. */
async function serviceAccountOf(db: Kysely<Database>, userId: string, partnerCode: string) {
  await createServiceAccount(db, {
    userId,
    name: `Matrix webhooks ${partnerCode}`,
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode }],
  });
  const partner = await db
    .selectFrom('partners')
    .select('partner_id')
    .where('access_type_code', '=', 'EXT')
    .where('code', '=', partnerCode)
    .executeTakeFirstOrThrow();
  const key = parseSecretKey(DEVELOPMENT_SECRET_KEY);
  return (partnerIds = [partner.partner_id]) =>
    insertWebhookEndpoint(db, {
      serviceAccountId: userId,
      url: WEBHOOK_MATRIX_URL,
      description: 'Matrix',
      eventTypes: ['report.available'],
      partnerIds,
      categoryCodes: [],
      secretSealed: sealSecret(key, generateSecret()),
      createdBy: 'E100001',
    });
}

async function deliveryTo(db: Kysely<Database>, endpointId: string, deliveryId: string) {
  await insertWebhookDeliveries(db, [
    { deliveryId, endpointId, eventId: null, eventType: 'webhook.test', body: '{}' },
  ]);
  return deliveryId;
}

export async function seedWebhookFixtures(db: Kysely<Database>): Promise<WebhookMatrixIds> {
  const bjsEndpoint = await serviceAccountOf(db, 'svc-matrix-webhooks', 'BJS');
  const othEndpoint = await serviceAccountOf(db, 'svc-matrix-webhooks-oth', 'OTH');
  const webhookEndpointId = await bjsEndpoint();
  const webhookOtherEndpoint = await othEndpoint();
  // As an endpoint is left when its partners are deleted (its service account's grant stays here).
  const webhookEndpointWithoutPartner = await bjsEndpoint([]);
  await createServiceAccount(db, {
    userId: 'svc-matrix-webhooks-none',
    name: 'Matrix webhooks without partner',
    features: ['VIEW_REPORTS'],
    partnerGrants: [],
  });
  return {
    webhookServiceAccount: 'svc-matrix-webhooks',
    webhookEndpointId,
    webhookEndpointToDelete: await bjsEndpoint(),
    webhookDeliveryId: await deliveryTo(db, webhookEndpointId, `msg_${'ab'.repeat(16)}`),
    webhookOtherServiceAccount: 'svc-matrix-webhooks-oth',
    webhookOtherEndpoint,
    webhookOtherDeliveryId: await deliveryTo(db, webhookOtherEndpoint, `msg_${'cd'.repeat(16)}`),
    webhookEndpointWithoutPartner,
    webhookServiceAccountWithoutPartner: 'svc-matrix-webhooks-none',
    webhookDeliveryWithoutPartner: await deliveryTo(
      db,
      webhookEndpointWithoutPartner,
      `msg_${'ef'.repeat(16)}`,
    ),
  };
}
