import { addSubscriptionItems, type Database, findReportEvents } from '@portal/db';
import { currentTraceparent } from '@portal/telemetry';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';
import { fanOutWebhooks } from '../webhooks/fan-out.js';
import type { WakeDispatcher } from '../webhooks/wake.js';

/**
 * Hands announced report events to what hears them: the mail subscriptions of their partner and
 * category, and the webhook endpoints that listen for them. One transaction a group, keyed by event
 * id (per subscription, per endpoint), so a group that comes again adds nothing twice. The
 * deliveries it made wake this process's webhook dispatcher at once, if it runs one; the wake-up
 * job written with them wakes one elsewhere.
 */
export function reportEventHandler(
  db: Kysely<Database>,
  now: () => Date,
  wakeWebhooks: WakeDispatcher,
): JobHandler<'notifications.report-event'> {
  return defineHandler('notifications.report-event', async (events, { logger }) => {
    const eventIds = [...new Set(events.map((event) => event.eventId))];
    const handedOut = await db.transaction().execute(async (trx) => {
      // The subscription's mail, sent by a later dispatch, continues this job's trace.
      const subscriptionItems = await addSubscriptionItems(trx, eventIds, currentTraceparent());
      const webhookDeliveries = await fanOutWebhooks(trx, await findReportEvents(trx, eventIds), now());
      return { subscriptionItems, webhookDeliveries };
    });
    if (handedOut.webhookDeliveries > 0) wakeWebhooks();
    logger.debug({ events: eventIds.length, ...handedOut }, 'report events handed out');
  });
}
