import { addSubscriptionItems, type Database, findReportEvents } from '@portal/db';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';
import { fanOutWebhooks } from '../webhooks/fan-out.js';

/**
 * Hands announced report events to what hears them: the mail subscriptions of their partner and
 * category, and the webhook endpoints that listen for them. One transaction a group, keyed by event
 * id (per subscription, per endpoint), so a group that comes again adds nothing twice.
 */
export function reportEventHandler(
  db: Kysely<Database>,
  now: () => Date,
): JobHandler<'notifications.report-event'> {
  return defineHandler('notifications.report-event', async (events, { logger }) => {
    const eventIds = [...new Set(events.map((event) => event.eventId))];
    const handedOut = await db.transaction().execute(async (trx) => {
      const subscriptionItems = await addSubscriptionItems(trx, eventIds);
      const webhookDeliveries = await fanOutWebhooks(trx, await findReportEvents(trx, eventIds), now());
      return { subscriptionItems, webhookDeliveries };
    });
    logger.debug({ events: eventIds.length, ...handedOut }, 'report events handed out');
  });
}
