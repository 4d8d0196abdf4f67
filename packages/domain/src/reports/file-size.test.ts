import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.js';

describe('formatFileSize', () => {
  it('writes bytes, then one decimal in units of 1024', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(12_700)).toBe('12.4 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200.0 MB');
    expect(formatFileSize(1_048_575)).toBe('1.0 MB');
  });

  it('never shows 1024 or more of a unit below TB', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (bytes) => {
        const [amount, unit] = formatFileSize(bytes).split(' ');
        if (unit !== 'B' && unit !== 'TB') expect(Number(amount)).toBeLessThan(1024);
      }),
    );
  });

  it('refuses what is not a size', () => {
    expect(() => formatFileSize(-1)).toThrow(RangeError);
    expect(() => formatFileSize(Number.NaN)).toThrow(RangeError);
  });

  // Issue 26: each unit's edge, the carry, and the top unit.
  it.each([
    [1, '1 B'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [1024 ** 3, '1.0 GB'],
    [1024 ** 4, '1.0 TB'],
    [1024 ** 4 - 1, '1.0 TB'],
    [1024 ** 5, '1024.0 TB'],
    [1024 ** 5 * 3, '3072.0 TB'],
    [1024 * 1023.94, '1023.9 KB'],
    [1024 * 1023.96, '1.0 MB'],
  ])('%d bytes read %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));

  it('refuses an infinite size and accepts zero', () => {
    expect(() => formatFileSize(Number.POSITIVE_INFINITY)).toThrow('Not a file size: Infinity');
    expect(() => formatFileSize(-0.5)).toThrow('Not a file size: -0.5');
    expect(formatFileSize(0)).toBe('0 B');
  });
});
