import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

// Wire formats of the S3 stand-in (see s3-stand-in.ts): XML bodies, the aws-chunked content
// encoding and the checksums S3 verifies.

export function xmlEscape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function xmlUnescape(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** `<Tag>…</Tag>` elements; values are escaped here, nested elements passed as raw XML. */
export function xmlDocument(root: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${body}</${root}>`;
}

export function xmlElement(tag: string, value: string | number | boolean): string {
  return `<${tag}>${xmlEscape(String(value))}</${tag}>`;
}

export function errorDocument(code: string, message: string, requestId: string, resource?: string): string {
  const parts = [xmlElement('Code', code), xmlElement('Message', message)];
  if (resource) parts.push(xmlElement('Resource', resource));
  parts.push(xmlElement('RequestId', requestId));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${parts.join('')}</Error>`;
}

/** The <Part> entries of a CompleteMultipartUpload request body. */
export function parseCompleteParts(xml: string): Array<{ partNumber: number; etag: string }> {
  const parts: Array<{ partNumber: number; etag: string }> = [];
  for (const match of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const inner = match[1] ?? '';
    const partNumber = Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(inner)?.[1]);
    const etag = xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1] ?? '');
    parts.push({ partNumber, etag });
  }
  return parts;
}

/**
 * Decodes a body sent with `Content-Encoding: aws-chunked`: chunks of
 * `hex-size[;chunk-signature=…]\r\n<bytes>\r\n`, a zero-size chunk, then optional trailing
 * headers such as the checksum, each `name:value\r\n`, and a final `\r\n`.
 */
export function decodeAwsChunked(body: Buffer): { data: Buffer; trailers: Record<string, string> } {
  const chunks: Buffer[] = [];
  const trailers: Record<string, string> = {};
  let position = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', position);
    if (lineEnd < 0) throw new Error('aws-chunked body ends inside a chunk header');
    const size = Number.parseInt(body.subarray(position, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isInteger(size) || size < 0) throw new Error('aws-chunked chunk size is not hexadecimal');
    position = lineEnd + 2;
    if (size === 0) break;
    chunks.push(body.subarray(position, position + size));
    position += size + 2;
  }
  for (const line of body.subarray(position).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { data: Buffer.concat(chunks), trailers };
}

export function md5Hex(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

export function crc32Base64(data: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(crc32(data) >>> 0);
  return value.toString('base64');
}

/**
 * The checksum headers S3 checks on upload: x-amz-content-sha256, Content-MD5 and the
 * x-amz-checksum-* values recomputed here (CRC32, SHA256; others pass unchecked). Returns the
 * name of the header that does not match.
 */
export function failedChecksum(data: Buffer, headers: Record<string, string | undefined>): string | null {
  // The signed payload hash, unless the request declared an unsigned or streaming payload.
  const payloadHash = headers['x-amz-content-sha256'];
  if (
    payloadHash &&
    /^[0-9a-f]{64}$/.test(payloadHash) &&
    createHash('sha256').update(data).digest('hex') !== payloadHash
  ) {
    return 'x-amz-content-sha256';
  }
  const md5 = headers['content-md5'];
  if (md5 && createHash('md5').update(data).digest('base64') !== md5) return 'Content-MD5';
  const crc = headers['x-amz-checksum-crc32'];
  if (crc && crc32Base64(data) !== crc) return 'x-amz-checksum-crc32';
  const sha = headers['x-amz-checksum-sha256'];
  if (sha && createHash('sha256').update(data).digest('base64') !== sha) return 'x-amz-checksum-sha256';
  return null;
}
