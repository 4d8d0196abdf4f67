import {
  countWebhookFailure,
  type Database,
  type Db,
  type DeliveryToSend,
  failWebhookDelivery,
  findActiveUser,
  findDeliveryToSend,
  findUserWithAccess,
  findWebhookEndpointSecrets,
  recordWebhookAttempt,
  resetWebhookFailures,
  type WebhookEndpointSecrets,
} from '@portal/db';
import { canAccessPartner } from '@portal/domain';
import { enqueue, webhooksDeliver } from '@portal/queue';
import {
  type DeliveryResult,
  deliverWebhook,
  endpointUrlProblem,
  isSuccess,
  type LookupAll,
  openSecret,
  resolveEndpoint,
  signatureHeader,
} from '@portal/webhooks';
import type { Kysely } from 'kysely';
import type { WebhookDeliverySettings } from '../config.js';
import { defineHandler, type JobHandler } from '../registry.js';

/** A receiver that has not answered in 10 s is counted as failed; the retry comes later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a response: enough for an error page, never a receiver's flood. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

export type DeliverDependencies = {
  db: Kysely<Database>;
  settings: WebhookDeliverySettings;
  now: () => Date;
  publicUrl: string;
  /** The resolver of endpoint hosts; tests inject one, so no name leaves the machine. */
  lookup?: LookupAll;
};

export type DeliveryOutcome = 'succeeded' | 'retry' | 'skipped' | 'given up';

export class WebhookDeliveryFailed extends Error {
  override readonly name = 'WebhookDeliveryFailed';
}

/** Why a delivery is not sent at all, or undefined when it may be. */
async function refusal(
  db: Kysely<Database>,
  delivery: DeliveryToSend,
  endpoint: WebhookEndpointSecrets,
): Promise<string | undefined> {
  if (!endpoint.enabled) return 'The endpoint is disabled.';
  // Access is checked again at send time: grants taken away since the event stop its deliveries.
  const account = await findActiveUser(db, endpoint.serviceAccountId);
  if (!account) return 'The service account is disabled.';
  if (
    delivery.accessTypeCode !== null &&
    delivery.partnerCode !== null &&
    !canAccessPartner(account, delivery.accessTypeCode, delivery.partnerCode)
  ) {
    return `The service account no longer has access to partner ${delivery.partnerCode}.`;
  }
  return undefined;
}

function signingSecrets(key: Buffer, endpoint: WebhookEndpointSecrets, now: Date): string[] {
  const secrets = [openSecret(key, endpoint.secretSealed)];
  // During a rotation's overlap both sign, so a receiver holding either secret accepts the message.
  if (
    endpoint.previousSecretSealed !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(openSecret(key, endpoint.previousSecretSealed));
  }
  return secrets;
}

/** Sends to the address it checked, or says why it would not: an attempt either way. */
async function send(
  deps: DeliverDependencies,
  delivery: DeliveryToSend,
  endpoint: WebhookEndpointSecrets,
  at: Date,
): Promise<DeliveryResult> {
  const problem = endpointUrlProblem(endpoint.url, { allowHttp: deps.settings.allowHttp });
  if (problem !== undefined) return { status: null, durationMs: 0, responseBody: '', error: problem };
  const url = new URL(endpoint.url);
  let target: Awaited<ReturnType<typeof resolveEndpoint>>;
  try {
    target = await resolveEndpoint(url, {
      allowed: deps.settings.allowedRanges,
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    });
  } catch (error) {
    // The address stays out of the message: the delivery log shows it to internal admins only.
    const address = (error as { address?: string }).address;
    return {
      status: null,
      durationMs: 0,
      responseBody: '',
      error: (error as Error).message,
      ...(address ? { refusedAddress: address } : {}),
    };
  }
  const timestamp = Math.floor(at.getTime() / 1000);
  return deliverWebhook({
    url,
    address: target.address,
    family: target.family,
    headers: {
      'webhook-id': delivery.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(
        signingSecrets(deps.settings.secretKey, endpoint, at),
        delivery.deliveryId,
        timestamp,
        delivery.body,
      ),
      'user-agent': 'partner-portal-webhooks/1',
    },
    body: delivery.body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
  });
}

/**
 * One attempt at a delivery. One recorded as succeeded is never sent again (a job run twice, after
 * a crash or a replay, finds it done). The attempt, the delivery's state and the endpoint's run of
 * failures are written together right after the response; the failure that reaches
 * WEBHOOK_DISABLE_AFTER_FAILURES disables the endpoint and mails its owner in that transaction.
 */
export async function deliverOnce(
  deps: DeliverDependencies,
  deliveryId: string,
  options: { finalAttempt: boolean },
): Promise<DeliveryOutcome> {
  const { db } = deps;
  const delivery = await findDeliveryToSend(db, deliveryId);
  if (!delivery || delivery.status === 'succeeded') return 'skipped';
  const endpoint = await findWebhookEndpointSecrets(db, delivery.endpointId);
  if (!endpoint) return 'skipped';
  const refused = await refusal(db, delivery, endpoint);
  if (refused !== undefined) {
    await failWebhookDelivery(db, deliveryId, refused);
    return 'given up';
  }
  const startedAt = deps.now();
  const result = await send(deps, delivery, endpoint, startedAt);
  const succeeded = isSuccess(result.status);
  await db.transaction().execute(async (trx) => {
    const attempt = await recordWebhookAttempt(trx, deliveryId, {
      startedAt,
      durationMs: result.durationMs,
      responseStatus: result.status,
      error: result.error ?? null,
      refusedAddress: result.refusedAddress ?? null,
      status: succeeded ? 'succeeded' : options.finalAttempt ? 'failed' : 'pending',
    });
    if (succeeded) {
      await resetWebhookFailures(trx, endpoint.endpointId);
      return;
    }
    const what = result.error ?? `HTTP ${result.status}`;
    const counted = await countWebhookFailure(trx, endpoint.endpointId, {
      disableAfter: deps.settings.disableAfterFailures,
      reason: `Disabled after ${deps.settings.disableAfterFailures} failed deliveries in a row; the last: ${what}.`,
    });
    if (counted.disabledNow) await mailOwner(trx, deps, endpoint, { deliveryId, attempt, what });
  });
  return succeeded ? 'succeeded' : 'retry';
}

async function mailOwner(
  trx: Db,
  deps: DeliverDependencies,
  endpoint: WebhookEndpointSecrets,
  last: { deliveryId: string; attempt: number; what: string },
): Promise<void> {
  const owner = await findUserWithAccess(trx, endpoint.createdBy);
  if (!owner?.email.includes('@')) return;
  const failures = deps.settings.disableAfterFailures;
  await enqueue(trx, {
    name: 'mail.send',
    payload: {
      to: [owner.email],
      subject: 'Webhook endpoint disabled',
      text: [
        `The webhook endpoint ${endpoint.url} of service account ${endpoint.serviceAccountId} was disabled`,
        `after ${failures} failed deliveries in a row. The last one (${last.deliveryId}) failed with: ${last.what}.`,
        '',
        'Nothing more is sent to it until it is enabled again on the Webhooks page:',
        `${deps.publicUrl}/admin/webhooks`,
      ].join('\n'),
    },
    jobId: `webhook-disabled-${last.deliveryId}-${last.attempt}`,
  });
}

export function webhooksDeliverHandler(deps: DeliverDependencies): JobHandler<'webhooks.deliver'> {
  return defineHandler('webhooks.deliver', async ({ deliveryId }, { attemptsMade, logger }) => {
    const finalAttempt = attemptsMade + 1 >= webhooksDeliver.attempts;
    const outcome = await deliverOnce(deps, deliveryId, { finalAttempt });
    logger.debug({ deliveryId, outcome }, 'webhook delivery');
    // Thrown so BullMQ retries it after the webhook backoff; the attempt is already recorded.
    if (outcome === 'retry') throw new WebhookDeliveryFailed(`Webhook delivery ${deliveryId} failed`);
  });
}
