import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerFileRequest,
  contentRange,
  type FileConditions,
  sha256Etag,
  sha256ReprDigest,
} from '../../src/lib/http/file-conditions.js';

// What a GET or HEAD of one stored file is answered with (RFC 9110 §13, §14), at the edges: the
// first and last byte, one past the end, an empty file, each validator near its match.
const SIZE = 1000;
const ETAG = '"c0ffee"';
const get = (headers: FileConditions, size = SIZE) => answerFileRequest('GET', headers, { size, etag: ETAG });

describe('the answer to a request of a file', () => {
  it('sends the whole file without a Range, and for HEAD whatever the Range', () => {
    expect(get({})).toEqual({ status: 200 });
    expect(answerFileRequest('HEAD', { range: 'bytes=0-9' }, { size: SIZE, etag: ETAG })).toEqual({
      status: 200,
    });
  });

  it.each([
    ['bytes=0-', 0, 999],
    ['bytes=0-0', 0, 0],
    ['bytes=999-', 999, 999],
    ['bytes=998-999', 998, 999],
    ['bytes=500-1000', 500, 999],
    ['bytes=500-99999999', 500, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-1000', 0, 999],
    ['bytes=-5000', 0, 999],
    ['BYTES=10-19', 10, 19],
    ['bytes= 10-19 ', 10, 19],
    ['bytes=0-4,5-9', 0, 9],
    ['bytes=0-9,5-19', 0, 19],
  ])('sends one range: %s is %i to %i', (range, start, end) => {
    expect(get({ range })).toEqual({ status: 206, start, end });
  });

  it.each(['bytes=1000-', 'bytes=1000-1000', 'bytes=5000-6000'])(
    'answers 416 for %s, past the last byte',
    (range) => {
      expect(get({ range })).toEqual({ status: 416 });
    },
  );

  it.each([
    ['two ranges apart', 'bytes=0-1,5-6'],
    ['another unit', 'items=0-5'],
    ['no unit', '0-5'],
    ['no range', 'bytes='],
    ['a lone dash', 'bytes=-'],
    ['letters', 'bytes=a-b'],
    ['a reversed range', 'bytes=9-5'],
    ['a good range beside a malformed one', 'bytes=0-5,x'],
    ['two headers joined', 'bytes=0-1, bytes=5-6'],
  ])('ignores the Range and sends the whole file for %s', (_label, range) => {
    expect(get({ range })).toEqual({ status: 200 });
  });

  it('treats an empty file as one with no byte to give', () => {
    expect(get({ range: 'bytes=0-' }, 0)).toEqual({ status: 416 });
    expect(get({ range: 'bytes=-5' }, 0)).toEqual({ status: 200 });
  });

  it('honours If-Range with this strong ETag only; any other validator gets the whole file', () => {
    expect(get({ range: 'bytes=10-', 'if-range': ETAG })).toEqual({ status: 206, start: 10, end: 999 });
    expect(get({ range: 'bytes=10-', 'if-range': ` ${ETAG} ` })).toEqual({
      status: 206,
      start: 10,
      end: 999,
    });
    for (const ifRange of [
      '"c0ffe"',
      '"c0ffee0"',
      'c0ffee',
      `W/${ETAG}`,
      'Sat, 28 Nov 2026 09:45:24 GMT',
      '',
    ]) {
      expect(get({ range: 'bytes=10-', 'if-range': ifRange }), ifRange).toEqual({ status: 200 });
    }
    // Without a Range, If-Range asks for nothing.
    expect(get({ 'if-range': ETAG })).toEqual({ status: 200 });
  });

  it('answers If-None-Match holding this ETag, weakly compared, with 304, before any range', () => {
    for (const noneMatch of [ETAG, `W/${ETAG}`, `"other", ${ETAG}`, `"a",W/${ETAG} , "b"`, '*', ' * ']) {
      expect(get({ 'if-none-match': noneMatch }), noneMatch).toEqual({ status: 304 });
      expect(get({ 'if-none-match': noneMatch, range: 'bytes=5000-' }), noneMatch).toEqual({ status: 304 });
    }
    for (const noneMatch of ['"c0ffe"', 'c0ffee', '"other", "c0ffee0"', '', '"c0ffee', 'W/"x"']) {
      expect(get({ 'if-none-match': noneMatch }), noneMatch).toEqual({ status: 200 });
      expect(get({ 'if-none-match': noneMatch, range: 'bytes=1-1' }), noneMatch).toEqual({
        status: 206,
        start: 1,
        end: 1,
      });
    }
  });
});

describe('the validators of a file', () => {
  const empty = createHash('sha256').update('').digest('hex');

  it('makes a strong ETag of the hex SHA-256 and Repr-Digest of its bytes in base64', () => {
    expect(sha256Etag(empty)).toBe(`"${empty}"`);
    expect(sha256ReprDigest(empty)).toBe('sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:');
  });

  it('writes Content-Range of a part and of an unsatisfiable range', () => {
    expect(contentRange({ start: 0, end: 0 }, 1)).toBe('bytes 0-0/1');
    expect(contentRange({ start: 10, end: 999 }, 1000)).toBe('bytes 10-999/1000');
    expect(contentRange(null, 1000)).toBe('bytes */1000');
  });
});
