import { WEBHOOK_BACKOFF } from '@portal/queue';

/** No wait between two webhook attempts is longer: a receiver back after an outage hears within 6 h. */
export const WEBHOOK_RETRY_CAP_MS = 6 * 60 * 60 * 1000;

/** The wait after the `attemptsMade`-th failed attempt (1 for the first): base, doubling, capped. */
export function webhookRetryDelay(attemptsMade: number, baseMs: number): number {
  return Math.min(WEBHOOK_RETRY_CAP_MS, baseMs * 2 ** Math.max(0, attemptsMade - 1));
}

/**
 * BullMQ's `settings.backoffStrategy` of every worker: it is asked only for backoff types that are
 * not built in (exponential and fixed keep BullMQ's own), so every other job retries as before.
 */
export function backoffStrategy(retryBaseMs: number) {
  return (attemptsMade: number, type?: string): number => {
    if (type === WEBHOOK_BACKOFF) return webhookRetryDelay(attemptsMade, retryBaseMs);
    throw new Error(`Unknown backoff type "${type}"`);
  };
}
