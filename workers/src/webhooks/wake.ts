import { type Database, makeWebhookDeliveryDue } from '@portal/db';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

/** Wakes this process's webhook dispatcher; a process that runs none ignores it. */
export type WakeDispatcher = () => void;

/** Deliveries were made due (a fan-out, a test event, a redelivery by hand): claim them now. */
export function webhooksWakeHandler(wake: WakeDispatcher): JobHandler<'webhooks.wake'> {
  return defineHandler('webhooks.wake', async () => {
    wake();
  });
}

/**
 * A job of the former queue of deliveries, left in Redis by the upgrade: its delivery, if still
 * pending, is due now, and the dispatcher sends it under its endpoint's cap and backing off. One
 * recorded as succeeded is left alone, so it is never sent again.
 */
export function webhooksDeliverHandler(deps: {
  db: Kysely<Database>;
  now: () => Date;
  wake: WakeDispatcher;
}): JobHandler<'webhooks.deliver'> {
  return defineHandler('webhooks.deliver', async ({ deliveryId }) => {
    await makeWebhookDeliveryDue(deps.db, deliveryId, deps.now());
    deps.wake();
  });
}
