import {
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookDeliveries,
  probeWebhookEndpointNow,
  reopenWebhookDelivery,
  rotateWebhookSecret,
  writeAudit,
} from '@portal/db';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@portal/domain/api/webhooks';
import { enqueue } from '@portal/queue';
import { currentTraceparent } from '@portal/telemetry';
import { generateSecret, newDeliveryId, sealSecret, TEST_EVENT_TYPE, testEventBody } from '@portal/webhooks';
import { conflict, notFound } from '../lib/http/errors.js';
import type { Actor } from '../lib/service-deps.js';
import { endpointView, type WebhookDeps } from './webhook-deps.js';
import { endpointInScope } from './webhook-scope.js';

// The one-step actions on an endpoint of the Webhooks page. Each checks the endpoint is the
// actor's, and writes its change with its audit entry (and its job) in one transaction.

/** How long the secret before a rotation still signs: a receiver has a day to take the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const audit = (actor: Actor, action: string, endpointId: string, extra: Record<string, unknown>) => ({
  actorUserId: actor.userId,
  action: `webhook-endpoint.${action}`,
  entityType: 'webhook-endpoint',
  entityId: endpointId,
  ...extra,
});

export async function removeWebhookEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  endpointId: string,
): Promise<void> {
  const before = await endpointInScope(deps, actor, endpointId);
  await deps.db.transaction().execute(async (trx) => {
    await deleteWebhookEndpoint(trx, endpointId);
    await writeAudit(trx, audit(actor, 'delete', endpointId, { before: endpointView(before), after: null }));
  });
}

/** A new secret, in the reply only; the old one keeps signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  deps: WebhookDeps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  await endpointInScope(deps, actor, endpointId);
  const now = deps.now();
  const secret = generateSecret();
  return deps.db.transaction().execute(async (trx) => {
    await rotateWebhookSecret(trx, endpointId, {
      secretSealed: sealSecret(deps.settings.secretKey, secret),
      previousExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    });
    const endpoint = endpointView((await findWebhookEndpoint(trx, endpointId))!);
    await writeAudit(
      trx,
      audit(actor, 'rotate-secret', endpointId, {
        detail: { previousSecretExpiresAt: endpoint.previousSecretExpiresAt },
      }),
    );
    return { endpoint, secret };
  });
}

export const ENABLE_WITHOUT_PARTNER = 'This endpoint has no partner: give it one before enabling it.';

/** Enabled again by hand, its run of failures forgotten; not while it has no partner to hear. */
export async function enableEndpoint(
  deps: WebhookDeps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const before = await endpointInScope(deps, actor, endpointId);
  if (before.partners.length === 0) throw conflict(ENABLE_WITHOUT_PARTNER);
  return deps.db.transaction().execute(async (trx) => {
    await enableWebhookEndpoint(trx, endpointId);
    const after = endpointView((await findWebhookEndpoint(trx, endpointId))!);
    await writeAudit(trx, audit(actor, 'enable', endpointId, { before: endpointView(before), after }));
    return after;
  });
}

/**
 * A `webhook.test` delivery, which announces no event, due now like any other. A person is waiting
 * for it: an endpoint that backs off gets its next probe now rather than in up to 6 h.
 */
export async function sendTestEvent(
  deps: WebhookDeps,
  actor: Actor,
  endpointId: string,
): Promise<{ deliveryId: string }> {
  await endpointInScope(deps, actor, endpointId);
  const deliveryId = newDeliveryId();
  const now = deps.now();
  const body = testEventBody(endpointId, now);
  await deps.db.transaction().execute(async (trx) => {
    await probeWebhookEndpointNow(trx, endpointId, now);
    await insertWebhookDeliveries(
      trx,
      [{ deliveryId, endpointId, eventId: null, eventType: TEST_EVENT_TYPE, body }],
      { dueAt: now, traceparent: currentTraceparent() },
    );
    await enqueue(trx, { name: 'webhooks.wake', payload: { reason: 'test event' } });
    await writeAudit(trx, audit(actor, 'test', endpointId, { detail: { deliveryId } }));
  });
  return { deliveryId };
}

/**
 * Sends a delivery again: the same id and body, back to pending and due now with a fresh retry
 * schedule (and the endpoint's next probe now, if it backs off). Pressing twice before it is sent
 * sends it once: it is one row, due once.
 */
export async function redeliver(
  deps: WebhookDeps,
  actor: Actor,
  endpointId: string,
  deliveryId: string,
): Promise<{ deliveryId: string }> {
  await endpointInScope(deps, actor, endpointId);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const attempts = await reopenWebhookDelivery(trx, endpointId, deliveryId, now);
    if (attempts === undefined) throw notFound();
    await enqueue(trx, { name: 'webhooks.wake', payload: { reason: 'redelivery' } });
    await writeAudit(trx, audit(actor, 'redeliver', endpointId, { detail: { deliveryId } }));
  });
  return { deliveryId };
}
