import { combineRanges, parse } from 'range-parser';

// Conditional and partial requests of one stored file (RFC 9110 §13 and §14): what a GET or HEAD
// is answered with, given the file's size and strong entity tag. The Range header is parsed by
// range-parser (jshttp's, which express and send use); the few lines of entity-tag matching are
// written here because no library of the tree matches If-Range strongly and If-None-Match weakly.

/** What a request of a file is answered with. */
export type FileAnswer =
  | { status: 200 }
  | { status: 206; start: number; end: number }
  | { status: 304 }
  | { status: 416 };

/** The request headers that decide it, as Node's parser gives them. */
export type FileConditions = {
  range?: string | undefined;
  'if-range'?: string | undefined;
  'if-none-match'?: string | undefined;
};

/** The file asked for: its length and its strong entity tag (quoted, as sent in ETag). */
export type FileValidators = { size: number; etag: string };

/**
 * The preconditions in the order of RFC 9110 §13.2.2 (this server sends no Last-Modified, so the
 * date conditions never apply), then the range.
 */
export function answerFileRequest(method: string, headers: FileConditions, file: FileValidators): FileAnswer {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined && listHoldsTag(noneMatch, file.etag)) return { status: 304 };
  // Range is defined for GET alone (§14.2): a HEAD describes the whole file.
  if (method !== 'GET' || headers.range === undefined) return { status: 200 };
  // If-Range with anything but this strong tag (another tag, a weak one, a date) means the client
  // holds part of another file: it gets the whole of this one (§13.1.5).
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange.trim() !== file.etag) return { status: 200 };
  return rangeAnswer(file.size, headers.range);
}

/** A Range header against a file of `size` bytes. */
function rangeAnswer(size: number, header: string): FileAnswer {
  const parsed = parse(size, header);
  // range-parser's code: bit 1 for a malformed range, bit 2 for one past the end. A unit other
  // than bytes, or a malformed set, is ignored (§14.2): the whole file.
  if (parsed.type !== 'bytes' || (parsed.code & 1) !== 0) return { status: 200 };
  // Not one range within the file: unsatisfiable (an empty set, as "-5" of an empty file, is not).
  if (parsed.ranges.length === 0) return (parsed.code & 2) !== 0 ? { status: 416 } : { status: 200 };
  const ranges = combineRanges(parsed.ranges);
  const [only] = ranges;
  // Several ranges would take a multipart/byteranges body; §14.2 lets a server send the whole
  // file instead, which a resuming client (one open-ended range) never meets.
  if (ranges.length !== 1 || !only) return { status: 200 };
  return { status: 206, start: only.start, end: only.end };
}

/** "*" or a list of entity tags holding `etag`, compared weakly (§13.1.2: W/ is disregarded). */
function listHoldsTag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  for (const [, opaque] of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (opaque === etag) return true;
  return false;
}

/** A strong entity tag from the hex SHA-256 of the bytes: it changes exactly when they do. */
export function sha256Etag(sha256Hex: string): string {
  return `"${sha256Hex}"`;
}

/** The Repr-Digest field of RFC 9530 (a byte sequence of RFC 8941: base64 between colons). */
export function sha256ReprDigest(sha256Hex: string): string {
  return `sha-256=:${Buffer.from(sha256Hex, 'hex').toString('base64')}:`;
}

/** Content-Range of a 206 (the part sent) or of a 416 (the size alone). */
export function contentRange(answer: { start: number; end: number } | null, size: number): string {
  return answer ? `bytes ${answer.start}-${answer.end}/${size}` : `bytes */${size}`;
}
