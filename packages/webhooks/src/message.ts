import { randomBytes } from 'node:crypto';
import type { AnnouncedReportEvent } from '@portal/domain/reports/report-events';

// What a delivery sends: the Standard Webhooks envelope ({ type, timestamp, data }) around the ids
// of a report event and the path to download its file, never the file itself (a receiver fetches it
// with its service account's token, which checks access again).

/** A delivery's id, sent as `webhook-id` on every attempt: 'msg_' and 32 hex digits. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** A report event as the workers read it back (packages/domain/src/reports/report-events.ts). */
export type AnnouncedEvent = AnnouncedReportEvent;

/** The download path of the event's report; none for a deleted report or a missing one. */
export function downloadPath(event: Pick<AnnouncedEvent, 'eventType' | 'reportId'>): string | null {
  if (event.reportId === null || event.eventType === 'report.deleted') return null;
  return `/api/reports/download?reportId=${event.reportId}`;
}

/** The exact JSON of an event's deliveries, fixed when they are made so every retry sends these bytes. */
export function eventBody(event: AnnouncedEvent): string {
  return JSON.stringify({
    type: event.eventType,
    timestamp: event.occurredAt.toISOString(),
    data: {
      eventId: event.eventId,
      accessTypeCode: event.accessTypeCode,
      partnerCode: event.partnerCode,
      categoryCode: event.categoryCode,
      frequencyTypeCode: event.frequencyTypeCode,
      reportId: event.reportId,
      replacedReportId: event.replacedReportId,
      reportMonitorId: event.reportMonitorId,
      reportDate: event.reportDate,
      fileName: event.fileName,
      downloadPath: downloadPath(event),
    },
  });
}

export const TEST_EVENT_TYPE = 'webhook.test';

/** The body of "send a test event": announces nothing, so a receiver can tell it apart. */
export function testEventBody(endpointId: string, at: Date): string {
  return JSON.stringify({ type: TEST_EVENT_TYPE, timestamp: at.toISOString(), data: { endpointId } });
}
