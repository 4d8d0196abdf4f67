import { claimWebhookDeliveries, type Database, giveUpWaitingDeliveries } from '@portal/db';
import { webhookGiveUpAfterMs } from '@portal/domain/webhooks/webhook-schedule';
import { isSuccess, type LookupAll, ResolvedHosts, WebhookSender } from '@portal/webhooks';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { WebhookDeliverySettings } from '../config.js';
import type { WorkerMetrics } from '../observability/metrics.js';
import { Wakeup } from '../relay/wakeup.js';
import { attemptDelivery, type FinishedDelivery, WEBHOOK_MAX_RESPONSE_BYTES } from './deliver.js';
import { recordFinished } from './record.js';

/**
 * The longest a dispatcher sleeps: a delivery made due by another process whose wake-up went to
 * another worker (or was lost), a lease run out after a crash, or a clock moved in a test, is taken
 * within this time.
 */
export const DISPATCH_POLL_MS = 1000;
/** A lease outlasts its attempt's bounds (resolving, connecting, the response) by this much. */
export const LEASE_MARGIN_MS = 15_000;
/** Attempts recorded in one transaction at most. */
const RECORD_BATCH = 500;

export type DispatcherDependencies = {
  db: Kysely<Database>;
  settings: WebhookDeliverySettings;
  /** The clock of due times, leases and probes; tests move it. */
  now: () => Date;
  publicUrl: string;
  /** Resolves endpoint hosts (default: the system resolver); tests inject one. */
  lookup?: LookupAll | undefined;
  logger: Logger;
  metrics?: WorkerMetrics | undefined;
  pollMs?: number;
};

export type WebhookDispatcher = {
  /** Claim now: deliveries were made due (a wake-up job), or capacity came free. */
  wake(): void;
  /** Attempts in flight in this process. */
  inFlight(): number;
  /** Stops claiming, lets the attempts in flight end and records them. */
  stop(): Promise<void>;
};

/**
 * Sends webhooks from Postgres: claims due deliveries up to its free capacity (WEBHOOK_MAX_IN_FLIGHT
 * less what is in flight; the claim keeps each endpoint under WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT),
 * attempts each without holding anything in the database, and records what ended in batches. It
 * sleeps until woken (a wake-up job, an attempt ending) or until the earliest due time it knows of,
 * at most DISPATCH_POLL_MS. Any number of processes may run one: a claim locks the endpoints it
 * claims for.
 */
export function startWebhookDispatcher(deps: DispatcherDependencies): WebhookDispatcher {
  const { settings, logger, metrics } = deps;
  const pollMs = deps.pollMs ?? DISPATCH_POLL_MS;
  const log = logger.child({ component: 'webhook-dispatcher' });
  const sender = new WebhookSender({
    connectTimeoutMs: settings.connectTimeoutMs,
    responseTimeoutMs: settings.responseTimeoutMs,
    maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
    connectionsPerEndpoint: settings.maxInFlightPerEndpoint,
  });
  const hosts = new ResolvedHosts({ allowed: settings.allowedRanges, lookup: deps.lookup });
  const attemptDeps = { settings, now: deps.now, sender, hosts };
  // Resolving and connecting are each bounded by the connect timeout.
  const leaseMs = 2 * settings.connectTimeoutMs + settings.responseTimeoutMs + LEASE_MARGIN_MS;
  const giveUpAfterMs = webhookGiveUpAfterMs(settings.retryBaseMs);
  const waitedHours = (giveUpAfterMs / 3_600_000).toFixed(1);
  const wakeup = new Wakeup();
  const running = new Set<Promise<void>>();
  const finished: FinishedDelivery[] = [];
  let stopped = false;
  let nextDueAt: number | undefined;
  let lastGiveUp = Number.NEGATIVE_INFINITY;
  let failures = 0;

  const dueSoon = (at: Date | undefined) => {
    if (at && (nextDueAt === undefined || at.getTime() < nextDueAt)) nextDueAt = at.getTime();
  };

  // Records what ended while the previous batch was being written: one transaction carries every
  // attempt that ended in the meantime, with no wait added when the workers are idle.
  let recording: Promise<void> | undefined;
  const record = (): Promise<void> => {
    recording ??= (async () => {
      while (finished.length > 0) {
        const batch = finished.slice(0, RECORD_BATCH);
        try {
          const recorded = await recordFinished(deps, batch);
          finished.splice(0, batch.length);
          dueSoon(recorded.nextDueAt);
        } catch (error) {
          // Kept for the next try; if the database stays away, the leases run out and the
          // deliveries are sent again (at least once).
          log.warn({ err: error, waiting: finished.length }, 'could not record webhook attempts; retrying');
          await new Promise((resolve) => setTimeout(resolve, pollMs));
        }
      }
      recording = undefined;
      wakeup.wake();
    })();
    return recording;
  };

  const launch = (claimed: Awaited<ReturnType<typeof claimWebhookDeliveries>>[number]) => {
    metrics?.webhookInFlight.inc();
    const attempt = attemptDelivery(attemptDeps, claimed).then((ended) => {
      metrics?.webhookInFlight.dec();
      metrics?.webhookAttempts.inc({ outcome: outcomeLabel(ended) });
      if (ended.refused === undefined)
        metrics?.webhookAttemptDuration.observe(ended.result.durationMs / 1000);
      finished.push(ended);
      running.delete(attempt);
      void record();
    });
    running.add(attempt);
  };

  const giveUpWaiting = async (now: Date) => {
    if (now.getTime() - lastGiveUp < pollMs) return;
    lastGiveUp = now.getTime();
    const given = await giveUpWaitingDeliveries(deps.db, {
      now,
      firstDueBefore: new Date(now.getTime() - giveUpAfterMs),
      waitedHours,
    });
    if (given > 0) log.info({ deliveries: given }, 'webhook deliveries given up waiting for their endpoint');
  };

  // Each pass claims what is due up to the free capacity, then sleeps: a recorded batch of ended
  // attempts frees capacity (and endpoint slots) and wakes it, as does a wake-up job.
  const loop = async () => {
    while (!stopped) {
      const free = settings.maxInFlight - running.size;
      try {
        const now = deps.now();
        await giveUpWaiting(now);
        if (free > 0) {
          const claimed = await claimWebhookDeliveries(deps.db, {
            now,
            leaseUntil: new Date(now.getTime() + leaseMs),
            limit: free,
            perEndpoint: settings.maxInFlightPerEndpoint,
          });
          for (const delivery of claimed) launch(delivery);
        }
        if (failures > 0) log.info('webhook dispatcher claiming again');
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) log.warn({ err: error }, 'webhook dispatcher cannot claim; trying again');
      }
      const now = deps.now().getTime();
      if (nextDueAt !== undefined && nextDueAt <= now) nextDueAt = undefined;
      await wakeup.wait(Math.min(pollMs, nextDueAt === undefined ? pollMs : nextDueAt - now));
    }
  };
  const looping = loop();

  return {
    wake: () => wakeup.wake(),
    inFlight: () => running.size,
    async stop() {
      stopped = true;
      wakeup.wake();
      await looping;
      while (running.size > 0) await Promise.all([...running]);
      await (recording ?? record());
      await sender.close();
    },
  };
}

function outcomeLabel(ended: FinishedDelivery): 'succeeded' | 'failed' | 'refused' {
  if (ended.refused !== undefined) return 'refused';
  return isSuccess(ended.result.status) ? 'succeeded' : 'failed';
}
