import { describe, expect, it } from 'vitest';
import { webhookSettings } from './settings.js';

const read = (ranges: string) =>
  webhookSettings(
    { WEBHOOK_ALLOWED_RANGES: ranges, WEBHOOK_ALLOW_HTTP: true, WEBHOOK_SECRET_KEY: undefined },
    { production: false },
  );

describe('WEBHOOK_ALLOWED_RANGES', () => {
  it('keeps each range with its port', () => {
    expect(read('127.0.0.1/32:8020, [::1]/128:8020, 10.1.0.0/16').allowedRanges).toEqual([
      '127.0.0.1/32:8020',
      '[::1]/128:8020',
      '10.1.0.0/16',
    ]);
    expect(read('').allowedRanges).toEqual([]);
  });

  it('stops with a message naming the variable and the entry', () => {
    expect(() => read('127.0.0.1/32:8020, 127.0.0.1:5432')).toThrow(
      /^WEBHOOK_ALLOWED_RANGES: '127\.0\.0\.1:5432' is not an address range: write it as CIDR with an optional port/,
    );
    expect(() => read('127.0.0.1/32:0')).toThrow(
      "WEBHOOK_ALLOWED_RANGES: '127.0.0.1/32:0' is not an address range: its port must be a number from 1 to 65535",
    );
  });
});
