import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf16Text } from '../../test/arbitraries.js';
import {
  assertReportKeyParts,
  assertSafeObjectKey,
  buildReportKey,
  InvalidKeyError,
  isReportDate,
  isSafeKeySegment,
  keySegmentProblem,
  objectKeyProblem,
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

  it('never yield a key that leaves its folder, whatever the input, and refuse only a segment not safe', () => {
    // Each segment plain (letters, digits and `._-`, no dot segment: safe), hostile (unsafe) or any
    // UTF-16 text (either), so both answers come often: a build that refused everything, or
    // accepted a hostile segment, fails here.
    const plain = fc
      .stringMatching(/^[A-Za-z0-9._-]{1,20}$/)
      .filter((text) => text !== '.' && text !== '..')
      .map((text) => ({ text, safe: true }));
    const segment = fc.oneof(
      { weight: 8, arbitrary: plain },
      { weight: 1, arbitrary: hostile.map((text) => ({ text, safe: false })) },
      { weight: 1, arbitrary: utf16Text().map((text) => ({ text, safe: undefined })) },
    );
    const labels = ['accessTypeCode', 'partnerCode', 'categoryCode', 'fileName'] as const;
    let runs = 0;
    let accepted = 0;
    fc.assert(
      fc.property(fc.tuple(segment, segment, segment, segment), (segments) => {
        runs += 1;
        const [accessTypeCode, partnerCode, categoryCode, fileName] = segments.map((s) => s.text) as [
          string,
          string,
          string,
          string,
        ];
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
          // Refused for the first segment that is not safe, named in the message with its problem.
          const named = labels.findIndex((label) => (error as Error).message.startsWith(`${label} `));
          expect(named).toBeGreaterThanOrEqual(0);
          expect(segments[named]?.safe).not.toBe(true);
          const problem = keySegmentProblem(segments[named]?.text ?? '');
          expect(problem).not.toBeNull();
          expect((error as Error).message).toBe(`${labels[named]} ${problem}`);
          expect(segments.slice(0, named).every((s) => s.safe !== false)).toBe(true);
          return;
        }
        accepted += 1;
        expect(segments.some((s) => s.safe === false)).toBe(false);
        const resolved = posix.resolve('/root', key);
        expect(resolved.startsWith('/root/Reports/')).toBe(true);
        expect(resolved.split('/')).toHaveLength(8);
        expect(win32.resolve('C:\\root', key).startsWith('C:\\root\\Reports\\')).toBe(true);
      }),
    );
    // About two runs in five are all plain; at least a tenth of them are accepted, and refused.
    expect(accepted).toBeGreaterThanOrEqual(runs / 10);
    expect(runs - accepted).toBeGreaterThanOrEqual(runs / 10);
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

// Issue 26: every problem in its own words, each limit at and past it, every part named.
describe('edges of report keys', () => {
  it.each([
    ['.', "may not be '.'"],
    ['a\\b', 'may not contain a slash or a backslash'],
    ['\\', 'may not contain a slash or a backslash'],
    ['a\u007f', 'may not contain control characters'],
    ['a\u0085', 'may not contain control characters'],
    ['\u202Ea', 'may not contain control characters'],
    ['a\u2069', 'may not contain control characters'],
    ['a\uD800', 'is not well-formed Unicode'],
    ['\uDC00a', 'is not well-formed Unicode'],
    [' a', 'may not start or end with white space'],
    ['a ', 'may not start or end with white space'],
    ['\u00e9'.repeat(127), null],
    ['\u00e9'.repeat(128), 'is longer than 255 bytes'],
    ['a\u202Fb', null],
    ['\uD83D\uDE00.csv', null],
  ])('segment %o: %s', (segment, problem) => {
    expect(keySegmentProblem(segment)).toBe(problem);
    expect(isSafeKeySegment(segment)).toBe(problem === null);
  });

  it('names the segment of a key that is wrong, and the key that is too long', () => {
    expect(objectKeyProblem('a/../b')).toBe("key segment 2 may not be '..'");
    expect(objectKeyProblem('a/b/')).toBe('key segment 3 is empty');
    expect(objectKeyProblem('')).toBe('key is empty');
    expect(
      objectKeyProblem(`${'a'.repeat(255)}/${'b'.repeat(255)}/${'c'.repeat(255)}/${'d'.repeat(256)}`),
    ).toBe('key segment 4 is longer than 255 bytes');
    expect(objectKeyProblem(`${'a/'.repeat(512)}`.slice(0, 1024))).toBe('key segment 513 is empty');
    expect(objectKeyProblem('a/'.repeat(511).concat('ab'))).toBeNull();
    expect(objectKeyProblem('a/'.repeat(511).concat('abc'))).toBe('key is longer than 1024 bytes');
  });

  it('names the part that is wrong', () => {
    const parts = {
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      categoryCode: 'C',
      reportDate: '2026-11-20',
      fileName: 'f.csv',
    };
    expect(() => assertReportKeyParts(parts)).not.toThrow();
    for (const [field, label] of [
      ['accessTypeCode', 'accessTypeCode'],
      ['partnerCode', 'partnerCode'],
      ['categoryCode', 'categoryCode'],
      ['fileName', 'fileName'],
    ] as const) {
      expect(() => assertReportKeyParts({ ...parts, [field]: '..' })).toThrow(`${label} may not be '..'`);
    }
    expect(() => assertReportKeyParts({ ...parts, reportDate: '2026-02-30' })).toThrow(
      'reportDate must be a date written YYYY-MM-DD',
    );
    expect(() => parseReportKey('Reports/EXT/BJS/C/2026-11-20')).toThrow(
      'a report key is Reports/{accessTypeCode}/{partnerCode}/{categoryCode}/{YYYY-MM-DD}/{fileName}',
    );
    expect(() => parseReportKey('Other/EXT/BJS/C/2026-11-20/f.csv')).toThrow(InvalidKeyError);
    expect(parseReportKey('Reports/EXT/BJS/C/2026-11-20/f.csv')).toEqual(parts);
  });

  it('is a date of four, two and two digits only', () => {
    for (const bad of [
      '2026-11-201',
      '12026-11-20',
      '2026-11-2',
      '2026-00-10',
      '2026-11-00',
      '2026-11-31',
      'x2026-11-20',
    ]) {
      expect(isReportDate(bad), bad).toBe(false);
    }
    expect(isReportDate('2026-12-31')).toBe(true);
    expect(isReportDate('2026-01-01')).toBe(true);
  });

  it('narrows a prefix to a date only within a category, and checks each part it is given', () => {
    const base = { accessTypeCode: 'EXT', partnerCode: 'BJS' };
    expect(reportKeyPrefix(base)).toBe('Reports/EXT/BJS/');
    expect(reportKeyPrefix({ ...base, categoryCode: 'C', reportDate: '2026-11-20' })).toBe(
      'Reports/EXT/BJS/C/2026-11-20/',
    );
    expect(() => reportKeyPrefix({ ...base, reportDate: '2026-11-20' })).toThrow(
      'a reportDate prefix needs a categoryCode',
    );
    expect(() => reportKeyPrefix({ ...base, categoryCode: 'C', reportDate: '2026-11-31' })).toThrow(
      'reportDate must be a date written YYYY-MM-DD',
    );
    expect(() => reportKeyPrefix({ ...base, categoryCode: 'a/b' })).toThrow('categoryCode may not contain');
    expect(() => reportKeyPrefix({ ...base, accessTypeCode: '' })).toThrow('accessTypeCode is empty');
  });

  it('answers null for a key that is not a report key, and rethrows anything else', () => {
    expect(tryParseReportKey('Reports/EXT/BJS/C/2026-11-20/f.csv')).toMatchObject({ fileName: 'f.csv' });
    expect(tryParseReportKey('Reports/EXT')).toBeNull();
    expect(() => tryParseReportKey(42 as unknown as string)).toThrow(TypeError);
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md).
describe('report keys as a whole', () => {
  // Four segments of 255 bytes each are each safe, but the key is then 1042 bytes: over S3's 1024.
  const long = 'x'.repeat(255);
  const longParts: ReportKeyParts = {
    accessTypeCode: long,
    partnerCode: long,
    categoryCode: long,
    reportDate: '2026-11-20',
    fileName: long,
  };
  const longKey = ['Reports', long, long, long, '2026-11-20', long].join('/');

  it('refuses to build or parse a key longer than 1024 bytes made of safe segments', () => {
    expect(() => buildReportKey(longParts)).toThrow('key is longer than 1024 bytes');
    expect(() => parseReportKey(longKey)).toThrow('key is longer than 1024 bytes');
    expect(tryParseReportKey(longKey)).toBeNull();
  });

  it('refuses to parse a key whose date is not a calendar date', () => {
    expect(() => parseReportKey('Reports/EXT/BJS/C/2026-02-30/f.csv')).toThrow(
      'reportDate must be a date written YYYY-MM-DD',
    );
    expect(tryParseReportKey('Reports/EXT/BJS/C/2026-13-01/f.csv')).toBeNull();
  });

  it('names the partner code in the error of a folder prefix without one', () => {
    expect(() => reportKeyPrefix({ accessTypeCode: 'EXT', partnerCode: '' })).toThrow('partnerCode is empty');
  });
});
