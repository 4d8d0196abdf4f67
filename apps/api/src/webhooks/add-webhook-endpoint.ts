import { findWebhookEndpoint, insertWebhookEndpoint, writeAudit } from '@portal/db';
import type { PartnerGrant } from '@portal/domain';
import type { WebhookEndpointWithSecret } from '@portal/domain/api/webhooks';
import { generateSecret, sealSecret } from '@portal/webhooks';
import type { Actor } from '../lib/service-deps.js';
import { checkEndpointInput, checkServiceAccount } from './endpoint-input.js';
import { endpointView, type WebhookDeps } from './webhook-deps.js';

export type AddWebhookEndpoint = {
  serviceAccountId: string;
  url: string;
  description?: string | undefined;
  eventTypes: readonly string[];
  partners: readonly PartnerGrant[];
  categoryCodes?: readonly string[] | undefined;
};

/** Registers an endpoint; its signing secret is in the reply only, sealed at rest. Audited. */
export async function addWebhookEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  input: AddWebhookEndpoint,
): Promise<WebhookEndpointWithSecret> {
  await checkServiceAccount(deps, actor, input.serviceAccountId);
  const settings = await checkEndpointInput(deps, actor, input, input.serviceAccountId);
  const secret = generateSecret();
  return deps.db.transaction().execute(async (trx) => {
    const endpointId = await insertWebhookEndpoint(trx, {
      ...settings,
      serviceAccountId: input.serviceAccountId,
      secretSealed: sealSecret(deps.settings.secretKey, secret),
      createdBy: actor.userId,
    });
    const endpoint = endpointView((await findWebhookEndpoint(trx, endpointId))!);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'webhook-endpoint.create',
      entityType: 'webhook-endpoint',
      entityId: endpointId,
      before: null,
      after: endpoint,
    });
    return { endpoint, secret };
  });
}
