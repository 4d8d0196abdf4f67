// When a webhook delivery is tried again, when it is given up, and when an endpoint that keeps
// failing stops getting one attempt per queued delivery and is probed instead, one delivery at a
// time, until it answers again.

/** No wait between two attempts (or two probes) is longer: a receiver back after an outage hears within 6 h. */
export const WEBHOOK_RETRY_CAP_MS = 6 * 60 * 60 * 1000;

/**
 * Attempts a delivery gets on its own schedule, the first included: its give-up time is when the
 * last of them falls due. Probes of an endpoint that backs off follow the endpoint's schedule
 * instead, so they may try a delivery more often; only its time counts.
 */
export const WEBHOOK_MAX_ATTEMPTS = 15;

/**
 * Failed attempts in a row (no success between them, whichever deliveries they were) after which
 * an endpoint backs off as a whole. One failure is not enough: a slow answer or one delivery its
 * receiver refuses happens to healthy endpoints. Five in a row, with up to the per-endpoint cap in
 * flight, means the receiver itself is failing; it then costs at most one connection at a time.
 */
export const WEBHOOK_BACKOFF_AFTER_FAILURES = 5;

/** The wait after the `failed`-th failed attempt (1 for the first): the base, doubling, capped at 6 h. */
export function webhookRetryDelay(failed: number, baseMs: number): number {
  return Math.min(WEBHOOK_RETRY_CAP_MS, baseMs * 2 ** Math.max(0, failed - 1));
}

/**
 * How long after it is first due a delivery is still tried: the waits between its
 * WEBHOOK_MAX_ATTEMPTS attempts. With the 30 s base, 30 s × (2^10 − 1) ≈ 8.5 h plus 4 × 6 h,
 * about 32.5 h: past the 24 h a receiver's outage may last.
 */
export function webhookGiveUpAfterMs(baseMs: number): number {
  let total = 0;
  for (let failed = 1; failed < WEBHOOK_MAX_ATTEMPTS; failed += 1) total += webhookRetryDelay(failed, baseMs);
  return total;
}

export type DeliveryRound = {
  /** Attempts since the delivery was made, or sent again by hand. */
  roundAttempts: number;
  /** When it was made due (made, or sent again by hand). */
  firstDueAt: Date;
};

export type DeliveryAfterAttempt = { roundAttempts: number } & (
  | { status: 'succeeded' | 'failed' }
  | { status: 'pending'; nextAttemptAt: Date }
);

/**
 * A delivery's state after an attempt that ended at `at`. A failed one is tried again after its
 * own doubling wait, never later than its give-up time: an attempt that ends at or after that time
 * is its last (on its own schedule, the WEBHOOK_MAX_ATTEMPTS-th).
 */
export function deliveryAfterAttempt(
  round: DeliveryRound,
  attempt: { succeeded: boolean; at: Date },
  retryBaseMs: number,
): DeliveryAfterAttempt {
  const roundAttempts = round.roundAttempts + 1;
  if (attempt.succeeded) return { status: 'succeeded', roundAttempts };
  const giveUpAt = round.firstDueAt.getTime() + webhookGiveUpAfterMs(retryBaseMs);
  if (attempt.at.getTime() >= giveUpAt) return { status: 'failed', roundAttempts };
  const next = attempt.at.getTime() + webhookRetryDelay(roundAttempts, retryBaseMs);
  return { status: 'pending', roundAttempts, nextAttemptAt: new Date(Math.min(next, giveUpAt)) };
}

/** An endpoint's run of failures and, while it backs off, its probes. */
export type EndpointHealth = {
  enabled: boolean;
  /** Failed attempts in a row, whichever deliveries they were. */
  consecutiveFailures: number;
  /** When the first of those failed attempts started; null while it answers. */
  failingSince: Date | null;
  /** Set while the endpoint backs off: its queued deliveries wait, and one probe may go at this time. */
  nextProbeAt: Date | null;
  /** Probes that failed in this backing off. */
  probeFailures: number;
};

export const HEALTHY_ENDPOINT: EndpointHealth = {
  enabled: true,
  consecutiveFailures: 0,
  failingSince: null,
  nextProbeAt: null,
  probeFailures: 0,
};

export type EndpointAttempt = {
  succeeded: boolean;
  /** It was the probe of an endpoint backing off (claimed while it backed off). */
  probe: boolean;
  startedAt: Date;
  /** When it ended. */
  at: Date;
};

export type EndpointAfterAttempt = {
  health: EndpointHealth;
  /** This attempt started the backing off. */
  backedOffNow: boolean;
  /** This attempt's failure disabled the endpoint (its owner is told once). */
  disabledNow: boolean;
};

/**
 * An endpoint's health after one of its attempts ends. Any success ends a run of failures and its
 * backing off (the backlog then drains at the endpoint's cap). WEBHOOK_BACKOFF_AFTER_FAILURES
 * failures in a row start it; then one probe at a time follows the retry schedule, and
 * `disableAfterFailures` failed probes in a row disable the endpoint. An attempt that was already
 * in flight when the backing off began is neither a probe nor moves the next one.
 */
export function endpointAfterAttempt(
  health: EndpointHealth,
  attempt: EndpointAttempt,
  rules: { retryBaseMs: number; disableAfterFailures: number },
): EndpointAfterAttempt {
  if (attempt.succeeded) {
    return {
      health: { ...HEALTHY_ENDPOINT, enabled: health.enabled },
      backedOffNow: false,
      disabledNow: false,
    };
  }
  const failing: EndpointHealth = {
    ...health,
    consecutiveFailures: health.consecutiveFailures + 1,
    failingSince: health.failingSince ?? attempt.startedAt,
  };
  const unchanged = { health: failing, backedOffNow: false, disabledNow: false };
  if (!health.enabled) return unchanged;
  if (health.nextProbeAt === null) {
    if (failing.consecutiveFailures < WEBHOOK_BACKOFF_AFTER_FAILURES) return unchanged;
    const nextProbeAt = new Date(attempt.at.getTime() + webhookRetryDelay(1, rules.retryBaseMs));
    return { health: { ...failing, nextProbeAt, probeFailures: 0 }, backedOffNow: true, disabledNow: false };
  }
  if (!attempt.probe) return unchanged;
  const probeFailures = health.probeFailures + 1;
  const nextProbeAt = new Date(
    attempt.at.getTime() + webhookRetryDelay(probeFailures + 1, rules.retryBaseMs),
  );
  const disabledNow = probeFailures >= rules.disableAfterFailures;
  return {
    health: { ...failing, probeFailures, nextProbeAt, enabled: !disabledNow },
    backedOffNow: false,
    disabledNow,
  };
}
