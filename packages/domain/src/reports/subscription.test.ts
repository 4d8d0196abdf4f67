import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { easternInstant } from '../time/eastern-time.js';
import {
  coversFrequencyType,
  isDigestTime,
  isSubscriptionDue,
  lastDigestInstant,
  MAX_REPORTS_LISTED,
  normalizeSubscription,
  SUBSCRIPTION_PAUSED,
  subscriptionEmail,
  subscriptionPauseReason,
  subscriptionProblems,
} from './subscription.js';

describe('subscriptionProblems', () => {
  const available = ['DLY', 'MLY'];

  it('accepts each delivery with what it needs', () => {
    expect(subscriptionProblems({ delivery: 'AS_THEY_ARRIVE' }, available)).toEqual([]);
    expect(subscriptionProblems({ delivery: 'DAILY_DIGEST', digestTime: '09:30' }, available)).toEqual([]);
    expect(
      subscriptionProblems({ delivery: 'AS_THEY_ARRIVE', frequencyTypeCodes: ['DLY', 'MLY'] }, available),
    ).toEqual([]);
  });

  it.each([undefined, '', 'as_they_arrive', 'WEEKLY', 1, null])('names delivery for %p', (delivery) => {
    expect(subscriptionProblems({ delivery }, available)).toEqual([
      { field: 'delivery', message: 'Choose "As they arrive" or "Daily digest".' },
    ]);
  });

  it.each([undefined, null, '', '9:00', '24:00', '23:60', '09:00:00', ' 09:00', '09:00 ', 'x09:00', 900])(
    'names digestTime for %p',
    (digestTime) => {
      expect(subscriptionProblems({ delivery: 'DAILY_DIGEST', digestTime }, available)).toEqual([
        { field: 'digestTime', message: 'Enter the digest time as HH:MM, such as 09:00.' },
      ]);
    },
  );

  it('ignores the digest time of "as they arrive"', () => {
    expect(subscriptionProblems({ delivery: 'AS_THEY_ARRIVE', digestTime: 'noon' }, available)).toEqual([]);
  });

  it('names frequencyTypeCodes for an unknown code, listing each unknown one', () => {
    expect(
      subscriptionProblems(
        { delivery: 'AS_THEY_ARRIVE', frequencyTypeCodes: ['DLY', 'WLY', 'QLY'] },
        available,
      ),
    ).toEqual([
      { field: 'frequencyTypeCodes', message: 'WLY, QLY is not a frequency type of this report category.' },
    ]);
    expect(
      subscriptionProblems({ delivery: 'AS_THEY_ARRIVE', frequencyTypeCodes: ['dly'] }, available),
    ).toEqual([
      { field: 'frequencyTypeCodes', message: 'dly is not a frequency type of this report category.' },
    ]);
  });

  it.each([['DLY'], [['DLY', 3]], [{ 0: 'DLY' }]])('names frequencyTypeCodes for a non-list %p', (codes) => {
    expect(
      subscriptionProblems({ delivery: 'AS_THEY_ARRIVE', frequencyTypeCodes: codes }, available),
    ).toEqual([{ field: 'frequencyTypeCodes', message: 'Choose frequency types of this report category.' }]);
  });

  it('reports every field at once', () => {
    expect(
      subscriptionProblems(
        { delivery: 'DAILY_DIGEST', digestTime: '25:00', frequencyTypeCodes: ['X'] },
        available,
      ).map((problem) => problem.field),
    ).toEqual(['digestTime', 'frequencyTypeCodes']);
  });
});

describe('isDigestTime', () => {
  it('takes only text: a list or a number that reads as a time is not one', () => {
    expect(isDigestTime(['09:00'])).toBe(false);
    expect(isDigestTime({ toString: () => '09:00' })).toBe(false);
  });

  it('holds every minute of the day and nothing just outside', () => {
    for (const time of ['00:00', '00:59', '09:05', '12:00', '19:59', '23:59'])
      expect(isDigestTime(time)).toBe(true);
    for (const time of ['24:00', '-1:00', '00:60', '0:00', '000:00', '00:0'])
      expect(isDigestTime(time)).toBe(false);
  });
});

describe('normalizeSubscription', () => {
  it('drops the digest time of "as they arrive" and keeps one of each frequency type, sorted', () => {
    expect(
      normalizeSubscription({
        delivery: 'AS_THEY_ARRIVE',
        digestTime: '09:00',
        frequencyTypeCodes: ['MLY', 'DLY', 'MLY'],
      }),
    ).toEqual({ delivery: 'AS_THEY_ARRIVE', digestTime: null, frequencyTypeCodes: ['DLY', 'MLY'] });
    expect(
      normalizeSubscription({ delivery: 'DAILY_DIGEST', digestTime: '09:00', frequencyTypeCodes: [] }),
    ).toEqual({
      delivery: 'DAILY_DIGEST',
      digestTime: '09:00',
      frequencyTypeCodes: [],
    });
  });
});

describe('coversFrequencyType', () => {
  it('covers every type when none is chosen, else only the chosen ones', () => {
    expect(coversFrequencyType([], 'DLY')).toBe(true);
    expect(coversFrequencyType([], null)).toBe(true);
    expect(coversFrequencyType(['DLY'], 'DLY')).toBe(true);
    expect(coversFrequencyType(['DLY', 'MLY'], 'MLY')).toBe(true);
    expect(coversFrequencyType(['DLY'], 'MLY')).toBe(false);
    expect(coversFrequencyType(['DLY'], null)).toBe(false);
  });
});

describe('lastDigestInstant', () => {
  // 2026-11-25 is a Wednesday; 2026-11-26 is Thanksgiving; 2026-11-28/29 a weekend.
  it('is today at the digest time once it has passed on a business day', () => {
    expect(lastDigestInstant('09:00', easternInstant('2026-11-25', 9, 0))).toEqual(
      easternInstant('2026-11-25', 9, 0),
    );
    expect(lastDigestInstant('09:00', easternInstant('2026-11-25', 17, 0))).toEqual(
      easternInstant('2026-11-25', 9, 0),
    );
  });

  it('is the previous business day before the time is reached', () => {
    expect(lastDigestInstant('09:00', easternInstant('2026-11-25', 8, 59))).toEqual(
      easternInstant('2026-11-24', 9, 0),
    );
  });

  it('skips a holiday and a weekend', () => {
    expect(lastDigestInstant('09:00', easternInstant('2026-11-26', 12, 0))).toEqual(
      easternInstant('2026-11-25', 9, 0),
    );
    expect(lastDigestInstant('09:00', easternInstant('2026-11-30', 8, 0))).toEqual(
      easternInstant('2026-11-27', 9, 0),
    );
    expect(lastDigestInstant('09:00', easternInstant('2026-11-29', 23, 0))).toEqual(
      easternInstant('2026-11-27', 9, 0),
    );
  });

  it('is never after now and a business day at most a week back', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-02T00:00:00Z'),
          max: new Date('2027-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (now, hour, minute) => {
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const last = lastDigestInstant(time, now);
          expect(last.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - last.getTime()).toBeLessThan(7 * 86_400_000);
        },
      ),
      { seed: 20261126 },
    );
  });
});

describe('isSubscriptionDue', () => {
  const first = new Date('2026-11-25T15:00:00Z');
  const at = (ms: number) => new Date(first.getTime() + ms);

  it('sends "as they arrive" once the window since the first report has passed, not before', () => {
    const pending = { delivery: 'AS_THEY_ARRIVE' as const, digestTime: null, firstPendingAt: first };
    expect(isSubscriptionDue(pending, at(119_999), 120)).toBe(false);
    expect(isSubscriptionDue(pending, at(120_000), 120)).toBe(true);
    expect(isSubscriptionDue(pending, at(0), 0)).toBe(true);
  });

  it('sends a digest once its time has passed since the first report, on a business day', () => {
    // 15:00Z on 2026-11-25 is 10:00 ET.
    const digest = { delivery: 'DAILY_DIGEST' as const, digestTime: '11:00', firstPendingAt: first };
    expect(isSubscriptionDue(digest, easternInstant('2026-11-25', 10, 59), 120)).toBe(false);
    expect(isSubscriptionDue(digest, easternInstant('2026-11-25', 11, 0), 120)).toBe(true);
    const early = { ...digest, digestTime: '09:00' };
    expect(isSubscriptionDue(early, easternInstant('2026-11-25', 23, 0), 120)).toBe(false);
    // Thanksgiving: nothing; the Friday after: sent.
    expect(isSubscriptionDue(early, easternInstant('2026-11-26', 12, 0), 120)).toBe(false);
    expect(isSubscriptionDue(early, easternInstant('2026-11-27', 9, 0), 120)).toBe(true);
  });

  it('sends a digest with a report that landed exactly at its time', () => {
    const digest = { delivery: 'DAILY_DIGEST' as const, digestTime: '10:00', firstPendingAt: first };
    expect(isSubscriptionDue(digest, first, 120)).toBe(true);
  });

  it('never sends a digest without a time', () => {
    expect(
      isSubscriptionDue({ delivery: 'DAILY_DIGEST', digestTime: null, firstPendingAt: first }, at(1e10), 0),
    ).toBe(false);
  });
});

describe('subscriptionEmail', () => {
  const base = {
    partnerName: 'Acme Bank',
    categoryName: 'Settlement',
    categoryUrl: 'https://portal.example.com/reports/EXT/ACME/SETTLE',
    unsubscribeUrl: 'https://portal.example.com/unsubscribe/t0k',
    manageUrl: 'https://portal.example.com/my-account',
  };
  const report = (i: number, replaced = false) => ({
    fileName: `file-${String(i).padStart(3, '0')}.csv`,
    reportDate: '2026-11-25',
    frequencyTypeCode: 'DLY',
    frequencyTypeName: 'Day',
    replaced,
  });
  const landed = (fileName: string, reportDate: string, frequencyTypeCode: string | null = 'DLY') => ({
    fileName,
    reportDate,
    frequencyTypeCode,
    frequencyTypeName: frequencyTypeCode === 'WLY' ? 'Week' : frequencyTypeCode && 'Day',
    replaced: false,
  });

  it('is exactly this text for one report', () => {
    expect(subscriptionEmail({ ...base, reports: [report(1)] }).text).toBe(
      [
        'New report arrived for Acme Bank in Settlement:',
        '',
        '- file-001.csv (11/25/2026, Day)',
        '',
        `Open them: ${base.categoryUrl}?date=2026-11-25&frequencyType=DLY`,
        '',
        `You get this mail because you follow this report category. Manage your subscriptions: ${base.manageUrl}`,
        `Unsubscribe from this category: ${base.unsubscribeUrl}`,
      ].join('\n'),
    );
  });

  it('lists the newest date first, then by file name, whatever order they came in', () => {
    const mail = subscriptionEmail({
      ...base,
      reports: [landed('b.csv', '2026-11-24'), landed('z.csv', '2026-11-25'), landed('a.csv', '2026-11-25')],
    });
    expect(mail.text.match(/^- (\S+)/gm)).toEqual(['- a.csv', '- z.csv', '- b.csv']);
  });

  it('names one report in the singular, with its date, type and the links', () => {
    const mail = subscriptionEmail({ ...base, reports: [report(1)] });
    expect(mail.subject).toBe('1 new report: Acme Bank – Settlement');
    expect(mail.text).toContain('New report arrived for Acme Bank in Settlement:');
    expect(mail.text).toContain('- file-001.csv (11/25/2026, Day)\n');
    expect(mail.text).toContain(`Open them: ${base.categoryUrl}?date=2026-11-25&frequencyType=DLY\n`);
    expect(mail.text).toContain(base.unsubscribeUrl);
    expect(mail.text).toContain(base.manageUrl);
  });

  it('marks a replaced file and a report without frequency type', () => {
    const mail = subscriptionEmail({
      ...base,
      reports: [report(1, true), landed('b.pdf', '2026-11-24', null)],
    });
    expect(mail.subject).toBe('2 new reports: Acme Bank – Settlement');
    expect(mail.text).toContain('- file-001.csv (11/25/2026, Day) – replaces an earlier file');
    expect(mail.text).toContain('- b.pdf (11/24/2026)\n');
    expect(mail.text.indexOf('file-001.csv')).toBeLessThan(mail.text.indexOf('b.pdf'));
  });

  it('links to the page opened on the dates of its reports, an earlier day among them', () => {
    const mail = subscriptionEmail({
      ...base,
      reports: [landed('late.csv', '2026-11-28', 'WLY'), landed('early.csv', '2026-11-16', 'WLY')],
    });
    expect(mail.text).toContain(
      `Open them: ${base.categoryUrl}?date=2026-11-16&endDate=2026-11-28&frequencyType=WLY\n`,
    );
    expect(mail.text).toContain('- late.csv (11/28/2026, Week)\n- early.csv (11/16/2026, Week)\n');
    const mixed = subscriptionEmail({
      ...base,
      reports: [landed('a.csv', '2026-11-16', 'WLY'), landed('b.csv', '2026-11-16', 'DLY')],
    });
    expect(mixed.text).toContain(`Open them: ${base.categoryUrl}?date=2026-11-16\n`);
  });

  it('links to the page as it opens when no report has a date to choose', () => {
    const mail = subscriptionEmail({ ...base, reports: [landed('undated.csv', '')] });
    expect(mail.text).toContain(`Open them: ${base.categoryUrl}\n`);
  });

  it('names a frequency type by its code when it has no name', () => {
    const mail = subscriptionEmail({
      ...base,
      reports: [{ ...landed('x.csv', '2026-11-16', 'QLY'), frequencyTypeName: null }],
    });
    expect(mail.text).toContain('- x.csv (11/16/2026, QLY)\n');
  });

  it(`lists ${MAX_REPORTS_LISTED} reports by name and counts the rest`, () => {
    const at = subscriptionEmail({
      ...base,
      reports: Array.from({ length: MAX_REPORTS_LISTED }, (_, i) => report(i)),
    });
    expect(at.text).not.toContain('more.');
    const over = subscriptionEmail({
      ...base,
      reports: Array.from({ length: MAX_REPORTS_LISTED + 2 }, (_, i) => report(i)),
    });
    expect(over.subject).toBe(`${MAX_REPORTS_LISTED + 2} new reports: Acme Bank – Settlement`);
    expect(over.text.match(/^- /gm)).toHaveLength(MAX_REPORTS_LISTED);
    expect(over.text).toContain('…and 2 more.');
    expect(over.text).toContain('file-000.csv');
    expect(over.text).not.toContain('file-051.csv');
  });
});

describe('subscriptionPauseReason', () => {
  const partner = { accessTypeCode: 'EXT', partnerCode: 'ACME', categoryOffered: true };
  const user = (over: Partial<Parameters<typeof subscriptionPauseReason>[0]['user'] & object> = {}) => ({
    isInternalAdmin: false,
    isExternalUser: true,
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'ACME' }],
    email: 'ann@acme.example',
    ...over,
  });

  it('lets a user with the feature, the partner and the category be mailed', () => {
    expect(subscriptionPauseReason({ ...partner, user: user() })).toBeNull();
    expect(
      subscriptionPauseReason({
        ...partner,
        user: user({
          partnerGrants: [
            { accessTypeCode: 'EXT', partnerCode: 'OTHER' },
            { accessTypeCode: 'EXT', partnerCode: 'ALL' },
          ],
        }),
      }),
    ).toBeNull();
    expect(
      subscriptionPauseReason({
        ...partner,
        user: user({ isInternalAdmin: true, features: [], partnerGrants: [] }),
      }),
    ).toBeNull();
  });

  it('says why, in order: disabled, feature, partner, category, address', () => {
    expect(subscriptionPauseReason({ ...partner, user: undefined })).toBe(SUBSCRIPTION_PAUSED.disabled);
    expect(subscriptionPauseReason({ ...partner, user: user({ features: ['DELETE_REPORTS'] }) })).toBe(
      SUBSCRIPTION_PAUSED.noFeature,
    );
    expect(
      subscriptionPauseReason({
        ...partner,
        user: user({ partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'OTHER' }] }),
      }),
    ).toBe(SUBSCRIPTION_PAUSED.noPartner);
    expect(
      subscriptionPauseReason({
        ...partner,
        user: user({ partnerGrants: [{ accessTypeCode: 'INT', partnerCode: 'ACME' }] }),
      }),
    ).toBe(SUBSCRIPTION_PAUSED.noPartner);
    expect(subscriptionPauseReason({ ...partner, categoryOffered: false, user: user() })).toBe(
      SUBSCRIPTION_PAUSED.noCategory,
    );
    expect(
      subscriptionPauseReason({ ...partner, categoryOffered: false, user: user({ features: [] }) }),
    ).toBe(SUBSCRIPTION_PAUSED.noFeature);
    expect(subscriptionPauseReason({ ...partner, user: user({ email: '' }) })).toBe(
      SUBSCRIPTION_PAUSED.noEmail,
    );
  });
});
