import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertSafeObjectKey,
  buildReportKey,
  InvalidKeyError,
  isReportDate,
  isSafeKeySegment,
  keySegmentProblem,
  parseReportKey,
  type ReportKeyParts,
  reportKeyPrefix,
  tryParseReportKey,
} from './report-keys.js';

const sample: ReportKeyParts = {
  accessTypeCode: 'EXT',
  partnerCode: 'BJS',
  categoryCode: 'SETTLEMENT',
  reportDate: '2026-11-20',
  fileName: 'BJS_SETTLEMENT_20261120.xlsx',
};

const safeSegment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter(isSafeKeySegment);
const reportDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const validParts = fc.record({
  accessTypeCode: safeSegment,
  partnerCode: safeSegment,
  categoryCode: safeSegment,
  reportDate,
  fileName: safeSegment,
});
const hostile = fc.constantFrom(
  '',
  '.',
  '..',
  'a/b',
  '../etc',
  'a\\b',
  '..\\..\\x',
  'nul\0byte',
  'tab\tname',
  'line\nfeed',
  '\u007f',
  '\u0085',
  'evil\u202Etxt.exe',
  ' padded',
  'padded ',
  '\uD800',
  'x'.repeat(256),
  'é'.repeat(128),
);

describe('buildReportKey and parseReportKey', () => {
  it('lay a report out as Reports/{access}/{partner}/{category}/{date}/{file}', () => {
    const key = buildReportKey(sample);
    expect(key).toBe('Reports/EXT/BJS/SETTLEMENT/2026-11-20/BJS_SETTLEMENT_20261120.xlsx');
    expect(parseReportKey(key)).toEqual(sample);
  });

  it('round-trip every valid set of parts, and the key is already a normal relative path', () => {
    fc.assert(
      fc.property(validParts, (parts) => {
        const key = buildReportKey(parts);
        expect(parseReportKey(key)).toEqual(parts);
        expect(posix.normalize(key)).toBe(key);
        expect(posix.isAbsolute(key)).toBe(false);
        expect(win32.isAbsolute(key)).toBe(false);
        expect(key.startsWith('Reports/')).toBe(true);
      }),
    );
  });

  it('refuse a hostile value in any segment', () => {
    const field = fc.constantFrom('accessTypeCode', 'partnerCode', 'categoryCode', 'fileName' as const);
    fc.assert(
      fc.property(validParts, field, hostile, (parts, name, bad) => {
        expect(() => buildReportKey({ ...parts, [name]: bad })).toThrow(InvalidKeyError);
      }),
    );
  });

  it('never yield a key that leaves its folder, whatever the input', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 30 });
    fc.assert(
      fc.property(
        anyText,
        anyText,
        anyText,
        anyText,
        (accessTypeCode, partnerCode, categoryCode, fileName) => {
          let key: string;
          try {
            key = buildReportKey({
              accessTypeCode,
              partnerCode,
              categoryCode,
              reportDate: '2026-01-02',
              fileName,
            });
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidKeyError);
            return;
          }
          const resolved = posix.resolve('/root', key);
          expect(resolved.startsWith('/root/Reports/')).toBe(true);
          expect(resolved.split('/')).toHaveLength(8);
          expect(win32.resolve('C:\\root', key).startsWith('C:\\root\\Reports\\')).toBe(true);
        },
      ),
    );
  });

  it('refuse impossible dates and other layouts', () => {
    expect(() => buildReportKey({ ...sample, reportDate: '2026-02-30' })).toThrow('reportDate');
    expect(() => buildReportKey({ ...sample, reportDate: '20261120' })).toThrow('reportDate');
    expect(tryParseReportKey('Reports/EXT/BJS/SETTLEMENT/2026-11-20')).toBeNull();
    expect(tryParseReportKey('Other/EXT/BJS/SETTLEMENT/2026-11-20/a.csv')).toBeNull();
    expect(tryParseReportKey('Reports/EXT/BJS/SETTLEMENT/2026-11-20/a.csv/b')).toBeNull();
    expect(tryParseReportKey('Reports/EXT/BJS/../2026-11-20/a.csv')).toBeNull();
    expect(tryParseReportKey('/Reports/EXT/BJS/SETTLEMENT/2026-11-20/a.csv')).toBeNull();
  });
});

describe('keySegmentProblem', () => {
  it('says what is wrong', () => {
    expect(keySegmentProblem('')).toBe('is empty');
    expect(keySegmentProblem('..')).toBe("may not be '..'");
    expect(keySegmentProblem('a/b')).toBe('may not contain a slash or a backslash');
    expect(keySegmentProblem('a\0')).toBe('may not contain control characters');
    expect(keySegmentProblem('x'.repeat(256))).toBe('is longer than 255 bytes');
    expect(keySegmentProblem('x'.repeat(255))).toBeNull();
    expect(keySegmentProblem('Résumé 2026 (final).xlsx')).toBeNull();
    expect(keySegmentProblem('...')).toBeNull();
  });
});

describe('isReportDate', () => {
  it('accepts exactly the real calendar dates', () => {
    expect(isReportDate('2024-02-29')).toBe(true);
    expect(isReportDate('2025-02-29')).toBe(false);
    expect(isReportDate('2026-13-01')).toBe(false);
    expect(isReportDate('2026-1-01')).toBe(false);
    fc.assert(fc.property(reportDate, (d) => isReportDate(d)));
  });
});

describe('assertSafeObjectKey', () => {
  it('accepts keys of safe segments and refuses absolute, empty or climbing ones', () => {
    expect(() => assertSafeObjectKey('Logos/BJS.png')).not.toThrow();
    for (const bad of [
      '',
      '/etc/passwd',
      'a//b',
      'a/',
      'a/../../b',
      'a/./b',
      'C:\\x',
      `${'a/'.repeat(600)}a`,
    ]) {
      expect(() => assertSafeObjectKey(bad), bad).toThrow(InvalidKeyError);
    }
  });
});

describe('reportKeyPrefix', () => {
  it('ends in a slash and is a prefix of the keys inside it', () => {
    expect(reportKeyPrefix({ accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'SETTLEMENT' })).toBe(
      'Reports/EXT/BJS/SETTLEMENT/',
    );
    fc.assert(
      fc.property(validParts, (parts) => {
        expect(buildReportKey(parts).startsWith(reportKeyPrefix(parts))).toBe(true);
        expect(buildReportKey(parts).startsWith(reportKeyPrefix({ ...parts, reportDate: undefined }))).toBe(
          true,
        );
      }),
    );
    expect(() => reportKeyPrefix({ accessTypeCode: 'EXT', partnerCode: '..' })).toThrow(InvalidKeyError);
  });
});
