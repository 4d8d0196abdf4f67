import { addSubscriptionItems, type Database } from '@portal/db';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

/**
 * Hands announced report events to what hears them: the mail subscriptions of their partner and
 * category. Keyed by event id, so a group that comes again adds nothing twice.
 */
export function reportEventHandler(db: Kysely<Database>): JobHandler<'notifications.report-event'> {
  return defineHandler('notifications.report-event', async (events, { logger }) => {
    const eventIds = [...new Set(events.map((event) => event.eventId))];
    const subscriptionItems = await addSubscriptionItems(db, eventIds);
    logger.debug({ events: eventIds.length, subscriptionItems }, 'report events handed out');
  });
}
