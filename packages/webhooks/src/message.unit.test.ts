import { describe, expect, it } from 'vitest';
import {
  type AnnouncedEvent,
  downloadPath,
  eventBody,
  newDeliveryId,
  TEST_EVENT_TYPE,
  testEventBody,
} from './message.js';

const event: AnnouncedEvent = {
  eventId: '0b6f3c5e-6d1c-4a57-9a53-3b1f1f0d2c11',
  eventType: 'report.available',
  accessTypeCode: 'EXT',
  partnerCode: 'ACME',
  categoryCode: 'SETTLE',
  frequencyTypeCode: 'DLY',
  reportId: 42,
  replacedReportId: null,
  reportMonitorId: null,
  reportDate: '2026-11-25',
  fileName: 'settlement.csv',
  occurredAt: new Date('2026-11-26T15:00:00.000Z'),
};

describe('webhook messages', () => {
  it('makes delivery ids of msg_ and 32 hex digits, each new', () => {
    const ids = new Set(Array.from({ length: 100 }, newDeliveryId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it('sends ids and the download path in the Standard Webhooks envelope, never the file', () => {
    expect(JSON.parse(eventBody(event))).toEqual({
      type: 'report.available',
      timestamp: '2026-11-26T15:00:00.000Z',
      data: {
        eventId: event.eventId,
        accessTypeCode: 'EXT',
        partnerCode: 'ACME',
        categoryCode: 'SETTLE',
        frequencyTypeCode: 'DLY',
        reportId: 42,
        replacedReportId: null,
        reportMonitorId: null,
        reportDate: '2026-11-25',
        fileName: 'settlement.csv',
        downloadPath: '/api/reports/download?reportId=42',
      },
    });
  });

  it('gives no download path for a deleted report or an event without one', () => {
    expect(downloadPath({ eventType: 'report.replaced', reportId: 7 })).toBe(
      '/api/reports/download?reportId=7',
    );
    expect(downloadPath({ eventType: 'report.deleted', reportId: 7 })).toBeNull();
    expect(downloadPath({ eventType: 'monitor.missing', reportId: null })).toBeNull();
  });

  it('writes a test event that names its endpoint', () => {
    expect(JSON.parse(testEventBody('e1', new Date('2026-11-26T00:00:00Z')))).toEqual({
      type: TEST_EVENT_TYPE,
      timestamp: '2026-11-26T00:00:00.000Z',
      data: { endpointId: 'e1' },
    });
  });
});
