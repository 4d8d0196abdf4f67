// How long each table that grows with use keeps its rows (issue 29), and the cutoffs that follow.
// Months are UTC calendar months: a partitioned table forgets a whole month at once, and only
// once every row in it is older than the retention, so at least `months` months are always kept.

/** The defaults: what a card issuer's auditors accept (README, "Retention"). */
export const RETENTION_DEFAULTS = {
  /** 7 years: PCI DSS 10.5.1 asks for 12 months, SOX-style record keeping for 7 years. */
  AUDIT_LOG_RETENTION_MONTHS: 84,
  /** 13 months: this month and the same month a year ago can be compared. */
  DASHBOARD_EVENTS_RETENTION_MONTHS: 13,
  /** Published outbox rows: a week to look into a job's history; the job itself is done. */
  OUTBOX_RETENTION_DAYS: 7,
  /** Mail deliveries, report events and webhook deliveries: a quarter, to answer "was it sent?". */
  MAIL_DELIVERIES_RETENTION_DAYS: 90,
  REPORT_EVENTS_RETENTION_DAYS: 90,
  WEBHOOK_DELIVERIES_RETENTION_DAYS: 90,
  /** Report monitor runs and their alerts: 13 months and a little, a year of checks to compare. */
  REPORT_MONITOR_RUNS_RETENTION_DAYS: 400,
} as const;

/** PCI DSS 10.5.1: audit trail history is kept for at least 12 months. */
export const MIN_AUDIT_LOG_RETENTION_MONTHS = 12;

/** Months of partitions made ahead of the current one, so a late maintenance run loses nothing. */
export const PARTITION_MONTHS_AHEAD = 2;

export type RetentionSettings = {
  auditLogMonths: number;
  dashboardEventsMonths: number;
  outboxDays: number;
  mailDeliveriesDays: number;
  reportEventsDays: number;
  webhookDeliveriesDays: number;
  reportMonitorRunsDays: number;
};

export const DEFAULT_RETENTION: RetentionSettings = {
  auditLogMonths: RETENTION_DEFAULTS.AUDIT_LOG_RETENTION_MONTHS,
  dashboardEventsMonths: RETENTION_DEFAULTS.DASHBOARD_EVENTS_RETENTION_MONTHS,
  outboxDays: RETENTION_DEFAULTS.OUTBOX_RETENTION_DAYS,
  mailDeliveriesDays: RETENTION_DEFAULTS.MAIL_DELIVERIES_RETENTION_DAYS,
  reportEventsDays: RETENTION_DEFAULTS.REPORT_EVENTS_RETENTION_DAYS,
  webhookDeliveriesDays: RETENTION_DEFAULTS.WEBHOOK_DELIVERIES_RETENTION_DAYS,
  reportMonitorRunsDays: RETENTION_DEFAULTS.REPORT_MONITOR_RUNS_RETENTION_DAYS,
};

const DAY_MS = 86_400_000;

/** The first instant of the UTC month `offset` months from the one `at` is in. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/**
 * The oldest instant a month-partitioned table still keeps: the start of the month `months`
 * before the current one. Rows before it are in months that are forgotten (dropped) whole.
 */
export function monthlyCutoff(now: Date, months: number): Date {
  return monthStart(now, -months);
}

/** The oldest instant a table deleted row by row still keeps. */
export function dailyCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The months whose partitions must exist: the current one and PARTITION_MONTHS_AHEAD after it. */
export function monthsToCreate(now: Date): Date[] {
  return Array.from({ length: PARTITION_MONTHS_AHEAD + 1 }, (_, offset) => monthStart(now, offset));
}

/** Of the months a table has, those wholly older than its retention: the ones to drop. */
export function monthsToDrop(months: readonly Date[], now: Date, retentionMonths: number): Date[] {
  const cutoff = monthlyCutoff(now, retentionMonths).getTime();
  return months.filter((month) => month.getTime() < cutoff);
}

/**
 * The event times a month-partitioned table accepts: from its cutoff (older events are refused,
 * not stored again and not counted) to the end of the last month made ahead (a clock far ahead
 * is refused too, rather than making partitions for it).
 */
export function acceptedWindow(now: Date, retentionMonths: number): { from: Date; to: Date } {
  return { from: monthlyCutoff(now, retentionMonths), to: monthStart(now, PARTITION_MONTHS_AHEAD + 1) };
}

/** The partition of `parent` holding `month`: `audit_log_p202611`. */
export function partitionName(parent: string, month: Date): string {
  return `${parent}_p${month.toISOString().slice(0, 7).replace('-', '')}`;
}

/** The month a partition of `parent` holds, from its name; undefined for a name not made by partitionName. */
export function monthOfPartition(parent: string, name: string): Date | undefined {
  const match = new RegExp(`^${parent}_p(\\d{4})(\\d{2})$`).exec(name);
  if (!match) return undefined;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return new Date(Date.UTC(Number(match[1]), month - 1, 1));
}
