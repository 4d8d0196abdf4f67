import { dailyCutoff, monthlyCutoff, type RetentionSettings } from '@portal/domain/operations/retention';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { deleteInBatches } from '../batched-delete.js';
import type { Database } from '../schema.js';
import { maintainPartitions, type PartitionMaintenance } from './partitions.js';

/** Rows one retention statement deletes at most, so none holds its locks for long. */
export const RETENTION_BATCH_SIZE = 5_000;

type Rule = {
  table: keyof Database;
  /** The rows past their bound, given the retention settings and the clock. */
  pastBound: (settings: RetentionSettings, now: Date) => RawBuilder<boolean>;
};

const day = (at: Date) => at.toISOString().slice(0, 10);

// The tables cut row by row, in this order: a webhook delivery goes before the report event it
// announced (an event is kept while a delivery or a subscriber's pending item still needs it).
// Sessions and pending logins have their own daily purge (sessions.purge).
export const RETENTION_RULES: readonly Rule[] = [
  {
    table: 'outbox',
    pastBound: (s, now) => sql`published_at < ${dailyCutoff(now, s.outboxDays)}`,
  },
  {
    table: 'mail_deliveries',
    pastBound: (s, now) => sql`claimed_at < ${dailyCutoff(now, s.mailDeliveriesDays)}`,
  },
  {
    // Its attempts go with it (on delete cascade).
    table: 'webhook_deliveries',
    pastBound: (s, now) => sql`created_at < ${dailyCutoff(now, s.webhookDeliveriesDays)}`,
  },
  {
    table: 'report_events',
    pastBound: (s, now) => sql`occurred_at < ${dailyCutoff(now, s.reportEventsDays)}
      and not exists (select from report_subscription_items i where i.event_id = report_events.event_id)
      and not exists (select from webhook_deliveries d where d.event_id = report_events.event_id)`,
  },
  {
    // Its alerts go with it (on delete cascade).
    table: 'report_monitor_runs',
    pastBound: (s, now) => sql`check_date < ${day(dailyCutoff(now, s.reportMonitorRunsDays))}::date`,
  },
  {
    // The monthly view counts live as long as the events they count.
    table: 'dashboard_views_monthly',
    pastBound: (s, now) => sql`month < ${day(monthlyCutoff(now, s.dashboardEventsMonths))}::date`,
  },
  {
    // Also deleted as claims go by; this catches the ones no later claim came to.
    table: 'human_verification_uses',
    pastBound: (_, now) => sql`expires_at < ${now}`,
  },
];

export type RetentionRun = PartitionMaintenance & { deleted: Partial<Record<keyof Database, number>> };

/**
 * The daily retention pass: partition maintenance (make months ahead, drop months past their
 * retention), then each table's rows past their bound, in batches. Safe to run anywhere, any number
 * of times, at once: a second run finds nothing left (or skips what the first holds).
 */
export async function applyRetention(
  db: Kysely<Database>,
  settings: RetentionSettings,
  now: Date,
  batchSize = RETENTION_BATCH_SIZE,
): Promise<RetentionRun> {
  const partitions = await maintainPartitions(db, now, {
    audit_log: settings.auditLogMonths,
    dashboard_activity_events: settings.dashboardEventsMonths,
  });
  const deleted: RetentionRun['deleted'] = {};
  for (const rule of RETENTION_RULES) {
    deleted[rule.table] = await deleteInBatches(db, rule.table, rule.pastBound(settings, now), batchSize);
  }
  return { ...partitions, deleted };
}
