import {
  type AnnouncedReportEvent,
  REPORT_EVENT_JOB,
  type ReportEventType,
} from '@portal/domain/reports/report-events';
import { currentTraceparent } from '@portal/telemetry';
import type { Db } from '../db.js';

// The domain events of report delivery (issue 28), written in the caller's transaction together
// with their outbox rows: the change, its event and the job that announces it commit together.
// The outbox row is written here rather than through @portal/queue's enqueue (db sits below
// queue); packages/queue's notifications.report-event definition checks the same payload, and
// its test writes an event here and validates the row against it.

export type NewReportEvent = {
  eventType: ReportEventType;
  partnerId: number;
  categoryCode: string;
  frequencyTypeCode?: string | null;
  reportId?: number | null;
  replacedReportId?: number | null;
  reportMonitorId?: number | null;
  reportDate?: string | null;
  fileName?: string | null;
};

/** Rows a statement writes: 10 parameters a row stays far below Postgres's 65,535 (a 20,000-monitor check). */
const CHUNK = 2000;

/** Records the events and queues one announcement per event; returns their ids in order. */
export async function recordReportEvents(db: Db, events: readonly NewReportEvent[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < events.length; start += CHUNK) {
    ids.push(...(await recordChunk(db, events.slice(start, start + CHUNK))));
  }
  return ids;
}

async function recordChunk(db: Db, events: readonly NewReportEvent[]): Promise<string[]> {
  const rows = await db
    .insertInto('report_events')
    .values(
      events.map((event) => ({
        event_type: event.eventType,
        partner_id: event.partnerId,
        category_code: event.categoryCode,
        frequency_type_code: event.frequencyTypeCode ?? null,
        report_id: event.reportId ?? null,
        replaced_report_id: event.replacedReportId ?? null,
        report_monitor_id: event.reportMonitorId ?? null,
        report_date: event.reportDate ?? null,
        file_name: event.fileName ?? null,
      })),
    )
    .returning('event_id')
    .execute();
  const eventIds = rows.map((row) => row.event_id);
  await db
    .insertInto('outbox')
    .values(
      eventIds.map((eventId) => ({
        queue: REPORT_EVENT_JOB.queue,
        job_name: REPORT_EVENT_JOB.name,
        payload: JSON.stringify({ eventId }),
        job_id: `report-event-${eventId}`,
        traceparent: currentTraceparent(),
      })),
    )
    .execute();
  return eventIds;
}

/** An event as the workers read it: what it announced, with its partner's id and name. */
export type ReportEvent = AnnouncedReportEvent & { partnerId: number; partnerName: string };

/** The events of these ids with their partner's codes, in the order they happened. */
export async function findReportEvents(db: Db, eventIds: readonly string[]): Promise<ReportEvent[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('report_events as e')
    .innerJoin('partners as p', 'p.partner_id', 'e.partner_id')
    .select([
      'e.event_id as eventId',
      'e.event_type as eventType',
      'e.partner_id as partnerId',
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
      'p.name as partnerName',
      'e.category_code as categoryCode',
      'e.frequency_type_code as frequencyTypeCode',
      'e.report_id as reportId',
      'e.replaced_report_id as replacedReportId',
      'e.report_monitor_id as reportMonitorId',
      'e.report_date as reportDate',
      'e.file_name as fileName',
      'e.occurred_at as occurredAt',
    ])
    .where('e.event_id', 'in', [...eventIds])
    .orderBy('e.occurred_at')
    .orderBy('e.event_id')
    .execute();
}
