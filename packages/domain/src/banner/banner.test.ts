import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANNER_TIME_UNITS } from '../common/limits.js';
import {
  acknowledgeBanner,
  BANNER_PROBLEMS,
  BANNER_TIME_UNIT_NAMES,
  bannerExpiresAt,
  bannerFormProblems,
  bannerProblems,
  bannerVersion,
  describeTimeToLive,
  formatTimeToLive,
  isBannerAcknowledged,
  isBannerExpired,
  isBannerShowing,
  parseBannerAcknowledgements,
  timeToLiveSeconds,
} from './banner.js';

describe('banner time to live', () => {
  it('multiplies an amount by the unit of §9', () => {
    expect(timeToLiveSeconds('1', 'Seconds')).toEqual({ seconds: 1 });
    expect(timeToLiveSeconds('2', 'Minutes')).toEqual({ seconds: 120 });
    expect(timeToLiveSeconds('1.5', 'Hours')).toEqual({ seconds: 5400 });
    expect(timeToLiveSeconds('1.15', 'Hours')).toEqual({ seconds: 4140 });
    expect(timeToLiveSeconds('3', 'Days')).toEqual({ seconds: 259_200 });
    expect(timeToLiveSeconds('1', 'Weeks')).toEqual({ seconds: 604_800 });
    expect(timeToLiveSeconds('.5', 'Months')).toEqual({ seconds: 1_314_000 });
  });

  it('is indefinite (null) for the Indefinite unit, whatever the amount', () => {
    expect(timeToLiveSeconds('', 'Indefinite')).toEqual({ seconds: null });
    expect(timeToLiveSeconds('abc', 'Indefinite')).toEqual({ seconds: null });
  });

  it('is required unless Indefinite', () => {
    expect(timeToLiveSeconds('  ', 'Days')).toEqual({ problem: 'This field is required.' });
  });

  it('accepts a number with up to 2 decimals only', () => {
    for (const amount of ['1.234', '-1', '1e3', 'abc', '1.', '1,5', '0x10']) {
      expect(timeToLiveSeconds(amount, 'Minutes')).toEqual({
        problem: 'Enter a number with up to 2 decimals.',
      });
    }
  });

  it('refuses less than a second and more than the column holds', () => {
    expect(timeToLiveSeconds('0', 'Hours')).toEqual({
      problem: 'The time to live must be at least 1 second.',
    });
    expect(timeToLiveSeconds('0.4', 'Seconds')).toEqual({
      problem: 'The time to live must be at least 1 second.',
    });
    expect(timeToLiveSeconds('1000', 'Months')).toEqual({ problem: 'The time to live is too long.' });
    expect(timeToLiveSeconds('9'.repeat(30), 'Seconds')).toEqual({
      problem: 'The time to live is too long.',
    });
  });

  it('describes stored seconds in the largest unit with at most 2 decimals, and round-trips', () => {
    expect(describeTimeToLive(null)).toEqual({ amount: '', unit: 'Indefinite' });
    expect(describeTimeToLive(5400)).toEqual({ amount: '1.5', unit: 'Hours' });
    expect(describeTimeToLive(604_800)).toEqual({ amount: '1', unit: 'Weeks' });
    expect(describeTimeToLive(61)).toEqual({ amount: '61', unit: 'Seconds' });
    // Under a second no unit fits: the seconds as they are.
    expect(describeTimeToLive(0)).toEqual({ amount: '0', unit: 'Seconds' });
    expect(describeTimeToLive(0.5)).toEqual({ amount: '0.5', unit: 'Seconds' });
    expect(formatTimeToLive(120)).toBe('2 Minutes');
    expect(formatTimeToLive(null)).toBe('Indefinite');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (seconds) => {
        const { amount, unit } = describeTimeToLive(seconds);
        expect(timeToLiveSeconds(amount, unit)).toEqual({ seconds });
      }),
    );
  });

  it('gives whole seconds for any valid amount and unit', () => {
    const units = BANNER_TIME_UNIT_NAMES.filter((unit) => unit !== 'Indefinite');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.constantFrom(...units), (hundredths, unit) => {
        const result = timeToLiveSeconds((hundredths / 100).toFixed(2), unit);
        const exact = (hundredths * (BANNER_TIME_UNITS[unit] as number)) / 100;
        if ('seconds' in result && result.seconds !== null) {
          expect(Number.isInteger(result.seconds)).toBe(true);
          expect(Math.abs(result.seconds - exact)).toBeLessThanOrEqual(0.5);
        } else {
          expect(result).toEqual({
            problem:
              exact < 1 ? 'The time to live must be at least 1 second.' : 'The time to live is too long.',
          });
        }
      }),
    );
  });
});

describe('banner form', () => {
  it('requires message and type, and a time to live unless Indefinite', () => {
    expect(
      bannerFormProblems({
        bannerMessage: ' ',
        bannerType: '',
        timeToLiveAmount: '',
        timeToLiveUnit: 'Hours',
      }),
    ).toEqual([
      { field: 'bannerMessage', message: 'This field is required.' },
      { field: 'bannerType', message: 'This field is required.' },
      { field: 'timeToLiveAmount', message: 'This field is required.' },
    ]);
    expect(
      bannerFormProblems({
        bannerMessage: 'Maintenance tonight',
        bannerType: 'INFO',
        timeToLiveAmount: '',
        timeToLiveUnit: 'Indefinite',
      }),
    ).toEqual([]);
  });

  it('checks what the API receives the same way', () => {
    expect(bannerProblems({ bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: null })).toEqual([]);
    expect(bannerProblems({ bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: 0 })).toEqual([
      { field: 'timeToLive', message: 'The time to live must be at least 1 second.' },
    ]);
    expect(bannerProblems({ bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: 1.5 })).toEqual([
      { field: 'timeToLive', message: 'The time to live is a whole number of seconds.' },
    ]);
    expect(bannerProblems({ bannerMessage: '', bannerType: ' ', timeToLive: 2 ** 31 })).toEqual([
      { field: 'bannerMessage', message: 'This field is required.' },
      { field: 'bannerType', message: 'This field is required.' },
      { field: 'timeToLive', message: 'The time to live is too long.' },
    ]);
  });
});

describe('banner state', () => {
  const activatedAt = new Date('2026-11-23T10:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('shows while active and within its time to live', () => {
    const banner = { isActive: true, activatedAt, timeToLive: 3600 };
    expect(isBannerShowing(banner, at('2026-11-23T10:59:59Z'))).toBe(true);
    expect(isBannerExpired(banner, at('2026-11-23T11:00:00Z'))).toBe(true);
    expect(isBannerShowing(banner, at('2026-11-23T11:00:00Z'))).toBe(false);
  });

  it('never expires without a time to live, and never shows once disabled', () => {
    expect(
      isBannerShowing({ isActive: true, activatedAt, timeToLive: null }, at('2099-01-01T00:00:00Z')),
    ).toBe(true);
    expect(isBannerShowing({ isActive: false, activatedAt, timeToLive: null }, activatedAt)).toBe(false);
  });
});

describe('banner acknowledgement', () => {
  const version = bannerVersion({ bannerId: 7, activatedAt: '2026-11-23T10:00:00Z' });
  const now = new Date('2026-11-23T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('hides the banner for 24 hours', () => {
    const acks = acknowledgeBanner({}, version, now);
    expect(isBannerAcknowledged(acks, version, later(24 * 3600_000 - 1))).toBe(true);
    expect(isBannerAcknowledged(acks, version, later(24 * 3600_000))).toBe(false);
  });

  it('belongs to one version of a banner: an edit shows it again', () => {
    const acks = acknowledgeBanner({}, version, now);
    const edited = bannerVersion({ bannerId: 7, activatedAt: '2026-11-23T13:00:00Z' });
    expect(isBannerAcknowledged(acks, edited, now)).toBe(false);
  });

  it('forgets acknowledgements older than 24 hours when recording a new one', () => {
    const old = acknowledgeBanner({}, 'old@1', now);
    const acks = acknowledgeBanner(old, version, later(25 * 3600_000));
    expect(Object.keys(acks)).toEqual([version]);
  });

  it('reads only well-formed local storage', () => {
    expect(parseBannerAcknowledgements(null)).toEqual({});
    expect(parseBannerAcknowledgements('not json')).toEqual({});
    expect(parseBannerAcknowledgements('[1]')).toEqual({});
    expect(parseBannerAcknowledgements('{"a@1":5,"b@2":"x"}')).toEqual({ 'a@1': 5 });
  });
});

// Issue 26: each limit at and past it, the amount pattern's near misses, the 24 hours to the millisecond.
describe('edges of the banner', () => {
  const P = BANNER_PROBLEMS;
  it.each([
    ['0.01', 'Minutes', { seconds: 1 }],
    ['0.01', 'Seconds', { problem: P.timeToLiveTooShort }],
    ['0', 'Seconds', { problem: P.timeToLiveTooShort }],
    ['.5', 'Minutes', { seconds: 30 }],
    ['1.', 'Minutes', { problem: P.timeToLiveFormat }],
    ['1.234', 'Minutes', { problem: P.timeToLiveFormat }],
    ['x1', 'Minutes', { problem: P.timeToLiveFormat }],
    ['1x', 'Minutes', { problem: P.timeToLiveFormat }],
    ['-1', 'Minutes', { problem: P.timeToLiveFormat }],
    [' 2 ', 'Minutes', { seconds: 120 }],
    ['', 'Minutes', { problem: 'This field is required.' }],
    ['', 'Indefinite', { seconds: null }],
    ['2147483647', 'Seconds', { seconds: 2_147_483_647 }],
    ['2147483648', 'Seconds', { problem: P.timeToLiveTooLong }],
    ['999999999999', 'Seconds', { problem: P.timeToLiveTooLong }],
    ['1000000000000', 'Seconds', { problem: P.timeToLiveTooLong }],
    ['0001000000000000', 'Seconds', { problem: P.timeToLiveTooLong }],
    ['000000000000001', 'Seconds', { seconds: 1 }],
    ['1', 'Weeks', { seconds: 604_800 }],
    ['1', 'Months', { seconds: 2_628_000 }],
  ] as const)('%o %s', (amount, unit, expected) => {
    expect(timeToLiveSeconds(amount, unit)).toEqual(expected);
  });

  it.each([
    [null, { amount: '', unit: 'Indefinite' }, 'Indefinite'],
    [1, { amount: '1', unit: 'Seconds' }, '1 Seconds'],
    [59, { amount: '59', unit: 'Seconds' }, '59 Seconds'],
    [60, { amount: '1', unit: 'Minutes' }, '1 Minutes'],
    [90, { amount: '1.5', unit: 'Minutes' }, '1.5 Minutes'],
    [61, { amount: '61', unit: 'Seconds' }, '61 Seconds'],
    [86_400, { amount: '1', unit: 'Days' }, '1 Days'],
    [604_800, { amount: '1', unit: 'Weeks' }, '1 Weeks'],
    [2_628_000, { amount: '1', unit: 'Months' }, '1 Months'],
    [36, { amount: '36', unit: 'Seconds' }, '36 Seconds'],
  ] as const)('%o seconds read as %o', (seconds, described, text) => {
    expect(describeTimeToLive(seconds)).toEqual(described);
    expect(formatTimeToLive(seconds)).toBe(text);
  });

  it('names each problem of the form and of the API with its field', () => {
    const form = {
      bannerMessage: 'Hi',
      bannerType: 'INFO',
      timeToLiveAmount: '1',
      timeToLiveUnit: 'Hours' as const,
    };
    expect(bannerFormProblems(form)).toEqual([]);
    expect(bannerFormProblems({ ...form, bannerMessage: 'm'.repeat(1_000) })).toEqual([]);
    expect(
      bannerFormProblems({
        ...form,
        bannerMessage: 'm'.repeat(1_001),
        bannerType: ' ',
        timeToLiveAmount: 'x',
      }),
    ).toEqual([
      { field: 'bannerMessage', message: 'Use at most 1000 characters.' },
      { field: 'bannerType', message: 'This field is required.' },
      { field: 'timeToLiveAmount', message: P.timeToLiveFormat },
    ]);
    const fields = { bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: 3600 };
    expect(bannerProblems(fields)).toEqual([]);
    expect(bannerProblems({ ...fields, timeToLive: null })).toEqual([]);
    expect(bannerProblems({ ...fields, timeToLive: 1.5 })).toEqual([
      { field: 'timeToLive', message: 'The time to live is a whole number of seconds.' },
    ]);
    expect(bannerProblems({ ...fields, timeToLive: 0 })).toEqual([
      { field: 'timeToLive', message: P.timeToLiveTooShort },
    ]);
    expect(bannerProblems({ ...fields, timeToLive: 2_147_483_648 })).toEqual([
      { field: 'timeToLive', message: P.timeToLiveTooLong },
    ]);
    expect(bannerProblems({ ...fields, bannerMessage: 'm'.repeat(1_001), bannerType: '' })).toEqual([
      { field: 'bannerMessage', message: 'Use at most 1000 characters.' },
      { field: 'bannerType', message: 'This field is required.' },
    ]);
  });

  it('expires at activation plus its time to live, to the millisecond', () => {
    const banner = { isActive: true, activatedAt: '2026-11-26T00:00:00.000Z', timeToLive: 60 };
    const expiry = new Date('2026-11-26T00:01:00.000Z');
    expect(bannerExpiresAt(banner)).toEqual(expiry);
    expect(isBannerShowing(banner, new Date(expiry.getTime() - 1))).toBe(true);
    expect(isBannerShowing(banner, expiry)).toBe(false);
    expect(isBannerShowing({ ...banner, isActive: false }, new Date('2026-11-26T00:00:01Z'))).toBe(false);
    expect(bannerExpiresAt({ ...banner, timeToLive: null })).toBeNull();
    expect(isBannerExpired({ ...banner, timeToLive: null }, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it('hides an acknowledged banner for 24 hours to the millisecond, and not for an acknowledgement from the future', () => {
    const now = new Date('2026-11-26T12:00:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    expect(isBannerAcknowledged({ v: now.getTime() - day + 1 }, 'v', now)).toBe(true);
    expect(isBannerAcknowledged({ v: now.getTime() - day }, 'v', now)).toBe(false);
    expect(isBannerAcknowledged({ v: now.getTime() }, 'v', now)).toBe(true);
    expect(isBannerAcknowledged({ v: now.getTime() + 1 }, 'v', now)).toBe(false);
    expect(isBannerAcknowledged({}, 'v', now)).toBe(false);
    const acks = acknowledgeBanner({ old: now.getTime() - day, recent: now.getTime() - 1 }, 'v', now);
    expect(acks).toEqual({ recent: now.getTime() - 1, v: now.getTime() });
    expect(bannerVersion({ bannerId: 3, activatedAt: '2026-11-26T00:00:00.000Z' })).toBe(
      `3@${Date.parse('2026-11-26T00:00:00.000Z')}`,
    );
    expect(bannerVersion({ bannerId: 3, activatedAt: new Date(5) })).toBe('3@5');
  });

  it('reads only an object of finite numbers from local storage', () => {
    expect(parseBannerAcknowledgements('{"a":1,"b":"2","c":null,"d":1e999}')).toEqual({ a: 1 });
    expect(parseBannerAcknowledgements('[1]')).toEqual({});
    expect(parseBannerAcknowledgements('null')).toEqual({});
    expect(parseBannerAcknowledgements('3')).toEqual({});
    expect(parseBannerAcknowledgements('{')).toEqual({});
    expect(parseBannerAcknowledgements('')).toEqual({});
    expect(parseBannerAcknowledgements(null)).toEqual({});
  });
});
