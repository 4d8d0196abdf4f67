import {
  type Database,
  type DeliveryOutcome,
  findUserWithAccess,
  lockWebhookEndpointHealth,
  markWebhookEndpointsAnswering,
  recordWebhookOutcomes,
  saveWebhookEndpointHealth,
  type WebhookEndpointHealthUpdate,
} from '@portal/db';
import { deliveryAfterAttempt, endpointAfterAttempt } from '@portal/domain/webhooks/webhook-schedule';
import { enqueue } from '@portal/queue';
import { isSuccess } from '@portal/webhooks';
import type { Kysely, Transaction } from 'kysely';
import type { WebhookDeliverySettings } from '../config.js';
import type { FinishedDelivery } from './deliver.js';

export type RecordDependencies = {
  db: Kysely<Database>;
  settings: WebhookDeliverySettings;
  publicUrl: string;
};

/** What one record learnt that the dispatcher acts on: the earliest time something falls due. */
export type Recorded = { nextDueAt: Date | undefined };

const what = (finished: FinishedDelivery) =>
  finished.refused ?? finished.result.error ?? `HTTP ${finished.result.status}`;

function outcomeOf(finished: FinishedDelivery, retryBaseMs: number): DeliveryOutcome {
  const { claimed } = finished;
  if (finished.refused !== undefined) {
    return {
      deliveryId: claimed.deliveryId,
      status: 'failed',
      nextAttemptAt: null,
      roundAttempts: claimed.roundAttempts,
      attempted: false,
      error: finished.refused,
    };
  }
  const { result } = finished;
  const next = deliveryAfterAttempt(
    claimed,
    { succeeded: isSuccess(result.status), at: finished.at },
    retryBaseMs,
  );
  return {
    deliveryId: claimed.deliveryId,
    status: next.status,
    nextAttemptAt: next.status === 'pending' ? next.nextAttemptAt : null,
    roundAttempts: next.roundAttempts,
    attempted: true,
    startedAt: finished.startedAt,
    durationMs: result.durationMs,
    responseStatus: result.status,
    error: result.error ?? null,
    refusedAddress: result.refusedAddress ?? null,
    traceId: finished.traceId ?? null,
  };
}

/**
 * Records attempts that ended (and refusals) in one transaction: the deliveries' states and their
 * attempt log in one statement, their endpoints' runs of failures and backing off in another. The
 * rows of endpoints with a failure among the attempts are locked while their health is worked out
 * from the attempts in the order they ended; an endpoint that only succeeded is set healthy by a
 * statement that touches (and locks) it only if it was not, so a busy healthy endpoint's row is
 * neither locked nor rewritten at every batch. An endpoint disabled by a failed probe gets its owner
 * mailed in the same transaction.
 */
export async function recordFinished(
  deps: RecordDependencies,
  batch: readonly FinishedDelivery[],
): Promise<Recorded> {
  const { settings } = deps;
  const ordered = [...batch].sort((a, b) => a.at.getTime() - b.at.getTime());
  const outcomes = ordered.map((finished) => outcomeOf(finished, settings.retryBaseMs));
  const attempts = ordered.flatMap((finished) =>
    finished.refused === undefined ? [{ ...finished, succeeded: isSuccess(finished.result.status) }] : [],
  );
  const failing = new Set(attempts.filter((a) => !a.succeeded).map((a) => a.claimed.endpointId));
  const answering = [...new Set(attempts.map((a) => a.claimed.endpointId))].filter((id) => !failing.has(id));
  const updates = await deps.db.transaction().execute(async (trx) => {
    // Endpoint rows before delivery rows, the order a claim locks them in.
    const healths = await lockWebhookEndpointHealth(trx, [...failing]);
    await markWebhookEndpointsAnswering(trx, answering);
    const logged = await recordWebhookOutcomes(trx, outcomes);
    const changed: WebhookEndpointHealthUpdate[] = [];
    for (const { endpointId, ...before } of healths) {
      let health = before;
      let disabled: (typeof attempts)[number] | undefined;
      for (const attempt of attempts) {
        if (attempt.claimed.endpointId !== endpointId) continue;
        const next = endpointAfterAttempt(
          health,
          {
            succeeded: attempt.succeeded,
            probe: attempt.claimed.probe,
            startedAt: attempt.startedAt,
            at: attempt.at,
          },
          settings,
        );
        health = next.health;
        if (next.disabledNow) disabled = attempt;
      }
      const disabledReason = disabled
        ? `Disabled after ${health.consecutiveFailures} failed deliveries in a row; the last: ${what(disabled)}.`
        : null;
      changed.push({ endpointId, ...health, disabledReason });
      if (disabled) {
        await mailOwner(trx, deps, disabled, {
          attempt: logged.get(disabled.claimed.deliveryId) ?? disabled.claimed.attempts + 1,
          failures: health.consecutiveFailures,
        });
      }
    }
    await saveWebhookEndpointHealth(trx, changed);
    return changed;
  });
  const times = [
    ...outcomes.flatMap((o) => (o.nextAttemptAt ? [o.nextAttemptAt.getTime()] : [])),
    ...updates.flatMap((u) => (u.enabled && u.nextProbeAt ? [u.nextProbeAt.getTime()] : [])),
  ];
  return { nextDueAt: times.length > 0 ? new Date(Math.min(...times)) : undefined };
}

async function mailOwner(
  trx: Transaction<Database>,
  deps: RecordDependencies,
  last: FinishedDelivery,
  { attempt, failures }: { attempt: number; failures: number },
): Promise<void> {
  const { claimed } = last;
  const owner = await findUserWithAccess(trx, claimed.createdBy);
  if (!owner?.email.includes('@')) return;
  await enqueue(trx, {
    name: 'mail.send',
    payload: {
      to: [owner.email],
      subject: 'Webhook endpoint disabled',
      text: [
        `The webhook endpoint ${claimed.url} of service account ${claimed.serviceAccountId} was disabled`,
        `after ${failures} failed deliveries in a row. The last one (${claimed.deliveryId}) failed with: ${what(last)}.`,
        '',
        'Nothing more is sent to it until it is enabled again on the Webhooks page:',
        `${deps.publicUrl}/admin/webhooks`,
      ].join('\n'),
    },
    jobId: `webhook-disabled-${claimed.deliveryId}-${attempt}`,
  });
}
