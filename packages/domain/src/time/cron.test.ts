import { describe, expect, it } from 'vitest';
import { BATCH_TIMES } from '../forms/form-batch.js';
import { CHECK_HOUR } from '../monitors/monitor-schedule.js';
import { cronAt } from './cron.js';

describe('cronAt', () => {
  it('writes the batch times as the weekday patterns the schedulers use', () => {
    expect(cronAt(BATCH_TIMES.disputes, 'weekdays')).toBe('0 0 20 * * 1-5');
    expect(cronAt(BATCH_TIMES.invoices, 'weekdays')).toBe('0 30 23 * * 1-5');
    expect(cronAt({ hour: CHECK_HOUR, minute: 0 }, 'weekdays')).toBe('0 0 10 * * 1-5');
  });

  it('fires every day with daily', () => {
    expect(cronAt({ hour: 3, minute: 0 }, 'daily')).toBe('0 0 3 * * *');
  });

  it('takes the first and last minute of the day', () => {
    expect(cronAt({ hour: 0, minute: 0 }, 'daily')).toBe('0 0 0 * * *');
    expect(cronAt({ hour: 23, minute: 59 }, 'weekdays')).toBe('0 59 23 * * 1-5');
  });

  it('refuses what is not a time of day, naming it', () => {
    expect(() => cronAt({ hour: 24, minute: 0 }, 'daily')).toThrow('Not a time of day: 24:0');
    expect(() => cronAt({ hour: -1, minute: 0 }, 'daily')).toThrow(RangeError);
    expect(() => cronAt({ hour: 12, minute: 60 }, 'daily')).toThrow('Not a time of day: 12:60');
    expect(() => cronAt({ hour: 12, minute: -1 }, 'daily')).toThrow(RangeError);
    expect(() => cronAt({ hour: 7.5, minute: 0 }, 'daily')).toThrow(RangeError);
    expect(() => cronAt({ hour: 7, minute: 0.5 }, 'daily')).toThrow(RangeError);
  });
});
