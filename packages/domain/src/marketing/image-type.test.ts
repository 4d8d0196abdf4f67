import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsFileName, checkPartnerImage, detectFileType, imageTooLargeMessage } from './image-type.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const gif = new TextEncoder().encode('GIF89a......');
const webp = new TextEncoder().encode('RIFF\u0001\u0002\u0003\u0004WEBP');
const text = new TextEncoder().encode('<html><script>alert(1)</script></html>');

describe('file type by magic bytes', () => {
  it('recognises the signatures', () => {
    expect(detectFileType(png)).toBe('png');
    expect(detectFileType(jpeg)).toBe('jpeg');
    expect(detectFileType(gif)).toBe('gif');
    expect(detectFileType(webp)).toBe('webp');
    expect(detectFileType(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(detectFileType(text)).toBe(null);
    expect(detectFileType(new Uint8Array())).toBe(null);
  });

  it('needs the whole signature: a truncated PNG header is not a PNG', () => {
    expect(detectFileType(png.slice(0, 7))).toBe(null);
  });
});

describe('partner images', () => {
  it('accepts only PNG for a logo', () => {
    expect(checkPartnerImage('LOGO', png)).toEqual({
      ok: true,
      type: 'png',
      contentType: 'image/png',
      extension: 'png',
    });
    expect(checkPartnerImage('LOGO', jpeg)).toEqual({
      ok: false,
      message: 'Invalid file type (jpeg) -- Please upload a PNG image.',
    });
  });

  it('accepts jpeg and png for marketing, and names what anything else is', () => {
    expect(checkPartnerImage('MARKETING', jpeg)).toMatchObject({ ok: true, contentType: 'image/jpeg' });
    expect(checkPartnerImage('MARKETING', png)).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(checkPartnerImage('MARKETING', gif)).toEqual({
      ok: false,
      message: 'Invalid file type (gif) -- Please upload a PNG image.',
    });
    expect(checkPartnerImage('MARKETING', text)).toEqual({
      ok: false,
      message: 'Invalid file type (unknown) -- Please upload a PNG image.',
    });
  });

  it('never accepts bytes that do not start with an accepted signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 16 }), (bytes) => {
        const check = checkPartnerImage('MARKETING', bytes);
        const isPng = bytes.length >= 8 && png.slice(0, 8).every((b, i) => bytes[i] === b);
        const isJpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
        expect(check.ok).toBe(isPng || isJpeg);
      }),
    );
  });

  it('pre-checks file names in the browser', () => {
    expect(acceptsFileName('LOGO', 'Logo.PNG')).toBe(true);
    expect(acceptsFileName('LOGO', 'logo.jpg')).toBe(false);
    expect(acceptsFileName('MARKETING', 'promo.jpeg')).toBe(true);
    expect(acceptsFileName('MARKETING', 'promo.gif')).toBe(false);
  });

  it('states the size limit', () => {
    expect(imageTooLargeMessage()).toBe('The file is too large. Please upload an image of at most 5 MB.');
    expect(imageTooLargeMessage(1024 * 1024 + 512 * 1024)).toBe(
      'The file is too large. Please upload an image of at most 1.5 MB.',
    );
  });
});

// Issue 26: every signature, each one byte short, and the names of each kind.
describe('edges of file types', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  it.each([
    [bytes(0x42, 0x4d), 'bmp'],
    [bytes(0x42), null],
    [bytes(0x49, 0x49, 0x2a, 0x00), 'tiff'],
    [bytes(0x4d, 0x4d, 0x00, 0x2a), 'tiff'],
    [bytes(0x4d, 0x4d, 0x00), null],
    [bytes(0x50, 0x4b, 0x03, 0x04), 'zip'],
    [bytes(0x50, 0x4b, 0x03, 0x05), null],
    [bytes(0x25, 0x50, 0x44), null],
    [bytes(0x47, 0x49, 0x46), null],
    [bytes(0xff, 0xd8), null],
    [bytes(0xff, 0xd8, 0xfe), null],
    [new TextEncoder().encode('RIFF\u0001\u0002\u0003\u0004WEB'), null],
    [new TextEncoder().encode('RIFF\u0001\u0002\u0003\u0004WAVE'), null],
  ])('%o is %s', (head, type) => expect(detectFileType(head)).toBe(type));

  it('stores a marketing jpeg as image/jpeg with the jpg extension', () => {
    expect(checkPartnerImage('MARKETING', jpeg)).toEqual({
      ok: true,
      type: 'jpeg',
      contentType: 'image/jpeg',
      extension: 'jpg',
    });
  });

  it.each([
    ['LOGO', 'logo.png', true],
    ['LOGO', 'png', true],
    ['LOGO', 'logo.png.exe', false],
    ['LOGO', 'logo', false],
    ['LOGO', '', false],
    ['MARKETING', 'promo.JPG', true],
    ['MARKETING', 'promo.png', true],
    ['MARKETING', 'promo.jpeg.gif', false],
  ] as const)('a %s named %o may be chosen: %s', (kind, name, accepted) => {
    expect(acceptsFileName(kind, name)).toBe(accepted);
  });
});
