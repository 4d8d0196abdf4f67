import { randomBytes } from 'node:crypto';

// A multipart/form-data body for app.inject, with one file part.

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A JPEG's headers declaring width × height: SOI, APP0 (JFIF), a baseline start of frame, a scan. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0];
  return Buffer.from([0xff, 0xd8, ...app0, ...frame, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}
/** The start of a 1 × 1 JFIF file: enough for the signature and size checks. */
export const JPEG_HEAD = jpegDeclaring(1, 1);
/** PNG_1x1 with its IHDR rewritten to declare width × height (the pixels stay one). */
export function pngDeclaring(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_1x1);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

export function multipartFile(
  bytes: Buffer,
  options: { fileName?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${options.field ?? 'File'}"; filename="${options.fileName ?? 'image.png'}"`,
    `Content-Type: ${options.contentType ?? 'image/png'}`,
    '',
    '',
  ].join('\r\n');
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
