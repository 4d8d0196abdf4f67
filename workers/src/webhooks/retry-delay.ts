import { WEBHOOK_RETRY_CAP_MS, webhookRetryDelay } from '@portal/domain/webhooks/webhook-schedule';
import { WEBHOOK_BACKOFF } from '@portal/queue';

// The schedule itself is a rule of @portal/domain (webhook-schedule.ts), which the dispatcher
// follows; BullMQ still asks for it when a job of the former webhooks.deliver fails.
export { WEBHOOK_RETRY_CAP_MS, webhookRetryDelay };

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
