// The domain events of report delivery (issue 28). Each is written in the transaction of the change
// it announces, with an outbox row for the notifications queue, so a crash between storing a report
// and announcing it loses nothing and sends nothing twice. Mail subscriptions and webhooks both
// read them.

export const REPORT_EVENT_TYPES = [
  'report.available',
  'report.replaced',
  'report.deleted',
  'monitor.missing',
] as const;

export type ReportEventType = (typeof REPORT_EVENT_TYPES)[number];

export function isReportEventType(value: unknown): value is ReportEventType {
  return (REPORT_EVENT_TYPES as readonly unknown[]).includes(value);
}

/** Whether a person's mail subscription hears this event: a new file, or a file replaced by a new one. */
export function isSubscribedEventType(type: ReportEventType): boolean {
  return type === 'report.available' || type === 'report.replaced';
}

/** The events a person's mail subscription hears (the SQL that collects them names these). */
export const SUBSCRIBED_EVENT_TYPES: readonly ReportEventType[] =
  REPORT_EVENT_TYPES.filter(isSubscribedEventType);

/** The outbox job that carries one event id to the workers (packages/queue defines its schema). */
export const REPORT_EVENT_JOB = { queue: 'notifications', name: 'notifications.report-event' } as const;
