import { findWebhookEndpoint, type WebhookEndpoint } from '@portal/db';
import { mayManageForPartners } from '@portal/domain/admin/admin-scope';
import { forbidden, notFound } from '../lib/http/errors.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';

// The partner scope of webhooks: an internal admin manages every endpoint; a manager only those
// whose partners are all among their own (an endpoint shared with a partner they do not hold tells
// that partner's reports to its receiver, so it is not theirs to change). An endpoint with no
// partner left (its last one deleted) is no manager's: internal admins only.

export function mayManageEndpoint(actor: Actor, endpoint: Pick<WebhookEndpoint, 'partners'>): boolean {
  return mayManageForPartners(actor, endpoint.partners);
}

/** The endpoint, if the actor may manage it: 404 when it is not there, 403 when it is not theirs. */
export async function endpointInScope(
  { db }: DbDeps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(db, endpointId);
  if (!endpoint) throw notFound();
  if (!mayManageEndpoint(actor, endpoint)) throw forbidden();
  return endpoint;
}
