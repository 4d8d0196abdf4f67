import { findWebhookEndpoint, updateWebhookEndpoint, writeAudit } from '@portal/db';
import type { WebhookEndpoint } from '@portal/domain/api/webhooks';
import type { Actor } from '../lib/service-deps.js';
import { checkEndpointInput, type EndpointInput } from './endpoint-input.js';
import { endpointView, type WebhookDeps } from './webhook-deps.js';
import { endpointInScope } from './webhook-scope.js';

/** Changes an endpoint's URL, description, events, partners and categories. Audited. */
export async function changeWebhookEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  endpointId: string,
  input: EndpointInput,
): Promise<WebhookEndpoint> {
  const before = await endpointInScope(deps, actor, endpointId);
  const settings = await checkEndpointInput(deps, actor, input, before.serviceAccountId);
  return deps.db.transaction().execute(async (trx) => {
    await updateWebhookEndpoint(trx, endpointId, settings);
    const after = endpointView((await findWebhookEndpoint(trx, endpointId))!);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'webhook-endpoint.update',
      entityType: 'webhook-endpoint',
      entityId: endpointId,
      before: endpointView(before),
      after,
    });
    return after;
  });
}
