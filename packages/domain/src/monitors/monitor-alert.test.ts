import { describe, expect, it } from 'vitest';
import { monitorAlertEmail, reportsPageUrl } from './monitor-alert.js';

const monitor = {
  accessTypeCode: 'EXT',
  partnerCode: 'ACME',
  partnerName: 'Acme Stores',
  categoryCode: 'SETTLE',
  categoryName: 'Settlement',
  frequencyTypeCode: 'MLY',
  frequencyTypeName: 'Month',
  frequencyDay: 'BUSINESS_DAY',
  frequencyNumber: -1,
};

describe('the missing-report email', () => {
  it('names the partner, category, frequency and expected date, with a link to the reports page', () => {
    const { subject, text } = monitorAlertEmail({
      monitor,
      dueDate: '2026-11-30',
      expectedReportDate: '2026-11-30',
      publicUrl: 'https://portal.example/',
    });
    expect(subject).toBe('Missing report: Acme Stores, Settlement, Month, 11/30/2026');
    expect(text).toContain('Partner: Acme Stores (EXT ACME)');
    expect(text).toContain('Report category: Settlement (SETTLE)');
    expect(text).toContain('Frequency: Month (Last Business Day)');
    expect(text).toContain('Expected report date: 11/30/2026');
    expect(text).toContain(
      'Reports page: https://portal.example/partners/EXT/ACME/report-categories/SETTLE/reports',
    );
    expect(text).not.toContain('late');
  });

  it('says when the check ran late, in Eastern time', () => {
    const { subject, text } = monitorAlertEmail({
      monitor,
      dueDate: '2026-11-30',
      expectedReportDate: '2026-11-30',
      publicUrl: 'https://portal.example',
      late: { scheduledFor: new Date('2026-11-30T15:00:00Z'), ranAt: new Date('2026-11-30T18:05:00Z') },
    });
    expect(subject.startsWith('[Late check] ')).toBe(true);
    expect(text).toContain(
      'This check ran late: it was due at 10:00 AM Eastern Time on 11/30/2026 and ran at 1:05 PM',
    );
  });

  it('escapes codes in the link', () => {
    expect(
      reportsPageUrl('http://localhost:8000', {
        accessTypeCode: 'EXT',
        partnerCode: 'A&B',
        categoryCode: 'X Y',
      }),
    ).toBe('http://localhost:8000/partners/EXT/A%26B/report-categories/X%20Y/reports');
  });

  // Issue 26: the whole email, word for word, and the clock's edges.
  it('writes the whole email, a late one included, exactly', () => {
    const email = monitorAlertEmail({
      monitor: { ...monitor, frequencyTypeCode: 'QLY', frequencyTypeName: 'Quarter' },
      dueDate: '2026-11-30',
      expectedReportDate: '2026-11-27',
      publicUrl: 'https://portal.example///',
      late: { scheduledFor: new Date('2026-11-30T05:00:00Z'), ranAt: new Date('2026-11-30T17:59:00Z') },
    });
    expect(email).toEqual({
      subject: '[Late check] Missing report: Acme Stores, Settlement, Quarter, 11/27/2026',
      text: [
        'A monitored report was not uploaded by 10:00 AM Eastern Time on 11/30/2026.',
        '',
        'Partner: Acme Stores (EXT ACME)',
        'Report category: Settlement (SETTLE)',
        'Frequency: Quarter',
        'Expected report date: 11/27/2026',
        '',
        'Reports page: https://portal.example/partners/EXT/ACME/report-categories/SETTLE/reports',
        '',
        'This check ran late: it was due at 12:00 AM Eastern Time on 11/30/2026 and ran at 12:59 PM Eastern Time on 11/30/2026, because no worker was running at the scheduled time.',
        '',
        'You receive this email as an owner of the report category Settlement.',
        '',
      ].join('\n'),
    });
  });

  it('writes 11:xx in the morning as AM and the evening as PM', () => {
    const text = (ranAt: string) =>
      monitorAlertEmail({
        monitor,
        dueDate: '2026-11-30',
        expectedReportDate: '2026-11-30',
        publicUrl: 'https://portal.example',
        late: { scheduledFor: new Date('2026-11-30T15:00:00Z'), ranAt: new Date(ranAt) },
      }).text;
    expect(text('2026-11-30T16:59:00Z')).toContain('ran at 11:59 AM Eastern Time');
    expect(text('2026-12-01T04:05:00Z')).toContain('ran at 11:05 PM Eastern Time on 11/30/2026');
  });
});
