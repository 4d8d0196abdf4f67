import { describe, expect, it } from 'vitest';
import {
  isReportEventType,
  isSubscribedEventType,
  REPORT_EVENT_TYPES,
  SUBSCRIBED_EVENT_TYPES,
} from './report-events.js';

describe('report event types', () => {
  it('knows the four events of issue 28, and nothing near them', () => {
    for (const type of REPORT_EVENT_TYPES) expect(isReportEventType(type)).toBe(true);
    for (const other of [
      'report.Available',
      'report.available ',
      'report',
      'webhook.test',
      '',
      null,
      1,
      ['report.deleted'],
    ]) {
      expect(isReportEventType(other)).toBe(false);
    }
  });

  it('mails people of new and replaced files only', () => {
    expect(REPORT_EVENT_TYPES.map((type) => [type, isSubscribedEventType(type)])).toEqual([
      ['report.available', true],
      ['report.replaced', true],
      ['report.deleted', false],
      ['monitor.missing', false],
    ]);
    expect(SUBSCRIBED_EVENT_TYPES).toEqual(['report.available', 'report.replaced']);
  });
});
