import { isIsoDate } from '../time/iso-date.js';

// Storage keys of report files:
//   Reports/{accessTypeCode}/{partnerCode}/{categoryCode}/{reportDate YYYY-MM-DD}/{fileName}
// Every segment may come from a client (an upload form, an imported folder), so each is checked
// to stay one plain path segment: a key built here can never climb out of its folder on disk or
// in a bucket.

export const REPORTS_ROOT = 'Reports';

/** Longest segment in UTF-8 bytes: the common file-name limit of Linux, macOS and S3 tools. */
export const MAX_KEY_SEGMENT_BYTES = 255;

/** S3's own limit on a whole object key. */
export const MAX_OBJECT_KEY_BYTES = 1024;

export type ReportKeyParts = {
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  /** 'YYYY-MM-DD' */
  reportDate: string;
  fileName: string;
};

export class InvalidKeyError extends Error {
  override readonly name = 'InvalidKeyError';
}

// C0 and C1 control characters, DEL, and the bidirectional overrides that make a name display
// differently from what it is.
const FORBIDDEN_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const utf8 = new TextEncoder();

/** Why `segment` is not a safe single key segment, or null when it is. */
export function keySegmentProblem(segment: string): string | null {
  if (segment.length === 0) return 'is empty';
  if (segment === '.' || segment === '..') return `may not be '${segment}'`;
  if (segment.includes('/') || segment.includes('\\')) return 'may not contain a slash or a backslash';
  if (FORBIDDEN_CHARACTERS.test(segment)) return 'may not contain control characters';
  if (LONE_SURROGATE.test(segment)) return 'is not well-formed Unicode';
  if (segment.trim() !== segment) return 'may not start or end with white space';
  if (utf8.encode(segment).length > MAX_KEY_SEGMENT_BYTES)
    return `is longer than ${MAX_KEY_SEGMENT_BYTES} bytes`;
  return null;
}

export function isSafeKeySegment(segment: string): boolean {
  return keySegmentProblem(segment) === null;
}

function assertSegment(label: string, value: string): void {
  const problem = keySegmentProblem(value);
  if (problem) throw new InvalidKeyError(`${label} ${problem}`);
}

/** A report's date: a real calendar date written 'YYYY-MM-DD' (isIsoDate). */
export const isReportDate: (value: string) => boolean = isIsoDate;

/**
 * A '/'-separated object key whose every segment is safe (see keySegmentProblem): no leading or
 * trailing slash, no empty, '.' or '..' segment. Used for any stored blob, reports or not.
 */
export function objectKeyProblem(key: string): string | null {
  if (key.length === 0) return 'key is empty';
  if (utf8.encode(key).length > MAX_OBJECT_KEY_BYTES)
    return `key is longer than ${MAX_OBJECT_KEY_BYTES} bytes`;
  const segments = key.split('/');
  for (const [index, segment] of segments.entries()) {
    const problem = keySegmentProblem(segment);
    if (problem) return `key segment ${index + 1} ${problem}`;
  }
  return null;
}

export function assertSafeObjectKey(key: string): void {
  const problem = objectKeyProblem(key);
  if (problem) throw new InvalidKeyError(problem);
}

export function assertReportKeyParts(parts: ReportKeyParts): void {
  assertSegment('accessTypeCode', parts.accessTypeCode);
  assertSegment('partnerCode', parts.partnerCode);
  assertSegment('categoryCode', parts.categoryCode);
  if (!isReportDate(parts.reportDate))
    throw new InvalidKeyError('reportDate must be a date written YYYY-MM-DD');
  assertSegment('fileName', parts.fileName);
}

export function buildReportKey(parts: ReportKeyParts): string {
  assertReportKeyParts(parts);
  const key = [
    REPORTS_ROOT,
    parts.accessTypeCode,
    parts.partnerCode,
    parts.categoryCode,
    parts.reportDate,
    parts.fileName,
  ].join('/');
  assertSafeObjectKey(key);
  return key;
}

/** Parses a key built by buildReportKey; throws InvalidKeyError for anything else. */
export function parseReportKey(key: string): ReportKeyParts {
  const segments = key.split('/');
  if (segments.length !== 6 || segments[0] !== REPORTS_ROOT) {
    throw new InvalidKeyError(
      `a report key is ${REPORTS_ROOT}/{accessTypeCode}/{partnerCode}/{categoryCode}/{YYYY-MM-DD}/{fileName}`,
    );
  }
  const [, accessTypeCode = '', partnerCode = '', categoryCode = '', reportDate = '', fileName = ''] =
    segments;
  const parts = { accessTypeCode, partnerCode, categoryCode, reportDate, fileName };
  assertReportKeyParts(parts);
  assertSafeObjectKey(key);
  return parts;
}

export function tryParseReportKey(key: string): ReportKeyParts | null {
  try {
    return parseReportKey(key);
  } catch (error) {
    if (error instanceof InvalidKeyError) return null;
    throw error;
  }
}

/**
 * The folder prefix of a partner's reports, optionally narrowed to a category and a date, ending
 * in '/': 'Reports/EXT/BJS/SETTLEMENT/'.
 */
export function reportKeyPrefix(parts: {
  accessTypeCode: string;
  partnerCode: string;
  categoryCode?: string;
  reportDate?: string;
}): string {
  assertSegment('accessTypeCode', parts.accessTypeCode);
  assertSegment('partnerCode', parts.partnerCode);
  const segments = [REPORTS_ROOT, parts.accessTypeCode, parts.partnerCode];
  if (parts.categoryCode !== undefined) {
    assertSegment('categoryCode', parts.categoryCode);
    segments.push(parts.categoryCode);
    if (parts.reportDate !== undefined) {
      if (!isReportDate(parts.reportDate))
        throw new InvalidKeyError('reportDate must be a date written YYYY-MM-DD');
      segments.push(parts.reportDate);
    }
  } else if (parts.reportDate !== undefined) {
    throw new InvalidKeyError('a reportDate prefix needs a categoryCode');
  }
  return `${segments.join('/')}/`;
}
