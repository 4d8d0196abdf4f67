import { type Database, recordDashboardEvents } from '@portal/db';
import { viewMonthOf } from '@portal/domain';
import { acceptedWindow } from '@portal/domain/operations/retention';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

export type DashboardEventDependencies = {
  db: Kysely<Database>;
  now: () => Date;
  /** DASHBOARD_EVENTS_RETENTION_MONTHS: older events are refused, not stored or counted again. */
  retentionMonths: number;
};

/**
 * Stores a group of dashboard views and failures with their monthly view counts, in one statement.
 * The event ids make a second run (a retry, an event published again in another group) a no-op.
 */
export function dashboardEventHandler({
  db,
  now,
  retentionMonths,
}: DashboardEventDependencies): JobHandler<'activity.dashboard-event'> {
  return defineHandler('activity.dashboard-event', async (events, { logger }) => {
    const stored = await recordDashboardEvents(
      db,
      events.map((event) => {
        const occurredAt = new Date(event.occurredAt);
        return {
          eventId: event.eventId,
          dashboardId: event.dashboardId,
          userId: event.userId,
          kind: event.kind,
          detail: event.detail ?? null,
          occurredAt,
          month: viewMonthOf(occurredAt),
        };
      }),
      acceptedWindow(now(), retentionMonths),
    );
    if (stored < events.length)
      logger.debug(
        { events: events.length, stored },
        'dashboard events already stored, past the retention, or of a dashboard gone',
      );
  });
}
