import { findWebhookEndpoint, type WebhookEndpoint } from '@portal/db';
import { endpointDecision } from '@portal/domain/webhooks/webhook-scope';
import { forbidden, notFound } from '../lib/http/errors.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';

// The partner scope of webhooks: the rules in webhook-scope.ts of the domain.
export { mayManageEndpoint } from '@portal/domain/webhooks/webhook-scope';

/** The endpoint, if the actor may manage it: 404 when it is not there, 403 when it is not theirs. */
export async function endpointInScope(
  { db }: DbDeps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(db, endpointId);
  const decision = endpointDecision(actor, endpoint);
  if (decision === 'not-found') throw notFound();
  if (decision === 'forbidden') throw forbidden();
  return endpoint!;
}
