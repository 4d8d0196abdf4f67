import type { ClaimedDelivery } from '@portal/db';
import { canAccessPartner } from '@portal/domain';
import { continueTrace, currentTraceId, SpanKind, SpanStatusCode } from '@portal/telemetry';
import {
  type DeliveryResult,
  endpointUrlProblem,
  isSuccess,
  openSecret,
  type ResolvedHosts,
  signatureHeader,
  type WebhookSender,
} from '@portal/webhooks';
import type { WebhookDeliverySettings } from '../config.js';

/** What is kept of a response: enough for an error page, never a receiver's flood. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

export type AttemptDependencies = {
  settings: WebhookDeliverySettings;
  now: () => Date;
  sender: WebhookSender;
  /** The endpoint hosts' checked addresses, resolved again once their TTL has passed. */
  hosts: ResolvedHosts;
};

/** A claimed delivery once its attempt ended, or once it was refused without one. */
export type FinishedDelivery = {
  claimed: ClaimedDelivery;
  /** When it ended, on the workers' clock. */
  at: Date;
} & (
  | { refused: string }
  | {
      refused?: undefined;
      startedAt: Date;
      result: DeliveryResult;
      /** The trace of the attempt's span, for the delivery log (undefined without tracing). */
      traceId?: string | null;
    }
);

/** Why a delivery is not sent at all, or undefined when it may be. */
function refusal(delivery: ClaimedDelivery): string | undefined {
  if (!delivery.endpointEnabled) return 'The endpoint is disabled.';
  // Access is checked again at send time: grants taken away since the event stop its deliveries.
  if (!delivery.account) return 'The service account is disabled.';
  if (
    delivery.accessTypeCode !== null &&
    delivery.partnerCode !== null &&
    !canAccessPartner({ ...delivery.account, features: [] }, delivery.accessTypeCode, delivery.partnerCode)
  ) {
    return `The service account no longer has access to partner ${delivery.partnerCode}.`;
  }
  return undefined;
}

function signingSecrets(key: Buffer, delivery: ClaimedDelivery, now: Date): string[] {
  const secrets = [openSecret(key, delivery.secretSealed)];
  // During a rotation's overlap both sign, so a receiver holding either secret accepts the message.
  if (
    delivery.previousSecretSealed !== null &&
    delivery.previousSecretExpiresAt !== null &&
    delivery.previousSecretExpiresAt > now
  ) {
    secrets.push(openSecret(key, delivery.previousSecretSealed));
  }
  return secrets;
}

const failed = (error: string): DeliveryResult => ({ status: null, durationMs: 0, responseBody: '', error });

/** Resolution is bounded like a connection: a resolver that never answers must not hold the lease. */
function withinConnectTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The endpoint's host name did not resolve within ${ms} ms.`)),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Sends to the address it checked, or says why it would not: an attempt either way. */
async function send(deps: AttemptDependencies, delivery: ClaimedDelivery, at: Date): Promise<DeliveryResult> {
  const problem = endpointUrlProblem(delivery.url, { allowHttp: deps.settings.allowHttp });
  if (problem !== undefined) return failed(problem);
  const url = new URL(delivery.url);
  let target: Awaited<ReturnType<ResolvedHosts['resolve']>>;
  try {
    target = await withinConnectTimeout(deps.hosts.resolve(url), deps.settings.connectTimeoutMs);
  } catch (error) {
    // The address stays out of the message: the delivery log shows it to internal admins only.
    const address = (error as { address?: string }).address;
    return { ...failed((error as Error).message), ...(address ? { refusedAddress: address } : {}) };
  }
  const timestamp = Math.floor(at.getTime() / 1000);
  let signature: string;
  try {
    signature = signatureHeader(
      signingSecrets(deps.settings.secretKey, delivery, at),
      delivery.deliveryId,
      timestamp,
      delivery.body,
    );
  } catch (error) {
    return failed((error as Error).message);
  }
  return deps.sender.send({
    endpointId: delivery.endpointId,
    url,
    address: target.address,
    headers: {
      'webhook-id': delivery.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
      'user-agent': 'partner-portal-webhooks/1',
    },
    body: delivery.body,
  });
}

/**
 * One attempt at a claimed delivery, or its refusal (endpoint disabled, service account disabled or
 * no longer granted the event's partner). Never rejects; what it ends with is recorded by the
 * dispatcher, with the attempts that ended beside it.
 */
export async function attemptDelivery(
  deps: AttemptDependencies,
  delivery: ClaimedDelivery,
): Promise<FinishedDelivery> {
  const refused = refusal(delivery);
  if (refused !== undefined) return { claimed: delivery, at: deps.now(), refused };
  // A span in the trace that made the delivery: every attempt, a retry hours later too, is its child.
  return continueTrace(
    delivery.traceparent,
    'webhook delivery attempt',
    async (span) => {
      const startedAt = deps.now();
      const result = await send(deps, delivery, startedAt).catch((error: unknown) => failed(String(error)));
      span?.setAttributes({
        'portal.webhook.delivery_id': delivery.deliveryId,
        'portal.webhook.endpoint_id': delivery.endpointId,
        'portal.webhook.attempt': delivery.attempts + 1,
        ...(result.status !== null ? { 'http.response.status_code': result.status } : {}),
      });
      if (!isSuccess(result.status))
        span?.setStatus({ code: SpanStatusCode.ERROR, message: result.error ?? `HTTP ${result.status}` });
      return { claimed: delivery, at: deps.now(), startedAt, result, traceId: currentTraceId() };
    },
    { kind: SpanKind.CLIENT },
  );
}
