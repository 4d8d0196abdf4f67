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

/** What an announced event says, as the workers read it back: its ids and its partner's codes. */
export type AnnouncedReportEvent = {
  eventId: string;
  eventType: ReportEventType;
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  frequencyTypeCode: string | null;
  reportId: number | null;
  replacedReportId: number | null;
  reportMonitorId: number | null;
  reportDate: string | null;
  fileName: string | null;
  occurredAt: Date;
};

/** The outbox job that carries one event id to the workers (packages/queue defines its schema). */
export const REPORT_EVENT_JOB = { queue: 'notifications', name: 'notifications.report-event' } as const;
