import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../common/limits.js';
import { checkImageSize, readImageSize } from './image-dimensions.js';

/** A PNG signature and IHDR chunk declaring this size (enough for the header check). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** SOI, an APP0 (JFIF) segment, fill bytes, then a start-of-frame (marker sof) declaring this size. */
function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0];
  return Uint8Array.from([0xff, 0xd8, ...app0, 0xff, 0xff, ...frame, 0xff, 0xda, 0, 2]);
}

describe('declared image size', () => {
  it('reads a PNG IHDR and a JPEG start of frame', () => {
    expect(readImageSize('png', pngHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(readImageSize('jpeg', jpegHeader(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(readImageSize('jpeg', jpegHeader(300, 200, 0xc2))).toEqual({ width: 300, height: 200 });
  });

  it('cannot read a header cut short, or a JPEG whose scan starts before any frame', () => {
    expect(readImageSize('png', pngHeader(1, 1).subarray(0, 20))).toBeNull();
    expect(readImageSize('jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a]))).toBeNull();
    expect(readImageSize('jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xc0]))).toBeNull();
  });

  it('refuses 50000 × 50000 pixels with the size and the limits in the message', () => {
    const check = checkImageSize('png', pngHeader(50_000, 50_000));
    expect(check).toEqual({
      ok: false,
      message: `The image is too large: 50000 × 50000 pixels. Please upload an image of at most ${MAX_IMAGE_SIDE_PX} pixels a side and 25 megapixels.`,
    });
    expect(checkImageSize('jpeg', jpegHeader(65_535, 65_535)).ok).toBe(false);
    expect(checkImageSize('png', pngHeader(0, 10)).ok).toBe(false);
    expect(checkImageSize('png', pngHeader(1, 1)).ok).toBe(true);
  });

  // Issue 26: fixed examples at each limit; sides as large as the budget allows are rare otherwise.
  it.each([
    [5_000, 5_000, true],
    [5_000, 5_001, false],
    [2_500, 10_000, true],
    [2_501, 10_000, false],
    [10_000, 2_500, true],
    [10_000, 10_000, false],
    [10_000, 1, true],
    [10_001, 1, false],
    [1, 10_001, false],
    [1, 0, false],
    [0, 0, false],
  ])('%i × %i pixels fit the budget: %s', (width, height, fits) => {
    expect(checkImageSize('png', pngHeader(width, height)).ok).toBe(fits);
    expect(checkImageSize('jpeg', jpegHeader(width, height)).ok).toBe(fits);
  });

  it('names the size it refuses, or says it could not read one', () => {
    expect(checkImageSize('png', pngHeader(5_000, 5_001))).toEqual({
      ok: false,
      message: `The image is too large: 5000 × 5001 pixels. Please upload an image of at most ${MAX_IMAGE_SIDE_PX} pixels a side and 25 megapixels.`,
    });
    const unreadable =
      'The image size could not be read from the file. Please upload a complete PNG or JPEG image.';
    expect(checkImageSize('png', pngHeader(0, 5))).toEqual({ ok: false, message: unreadable });
    expect(checkImageSize('png', pngHeader(5, 0))).toEqual({ ok: false, message: unreadable });
    expect(checkImageSize('jpeg', Uint8Array.from([0xff, 0xd8]))).toEqual({ ok: false, message: unreadable });
    expect(checkImageSize('png', pngHeader(3, 4))).toEqual({ ok: true, size: { width: 3, height: 4 } });
  });

  it('accepts exactly what fits the budget', () => {
    // Biased toward the limits: the product and each side at, below and above them.
    const side = fc.oneof(
      fc.integer({ min: 0, max: 70_000 }),
      fc.integer({ min: 2_400, max: 10_100 }),
      fc.constantFrom(0, 1, 2_500, 5_000, 5_001, 9_999, 10_000, 10_001),
    );
    fc.assert(
      fc.property(side, side, (width, height) => {
        const fits =
          width >= 1 &&
          height >= 1 &&
          width <= MAX_IMAGE_SIDE_PX &&
          height <= MAX_IMAGE_SIDE_PX &&
          width * height <= MAX_IMAGE_PIXELS;
        expect(checkImageSize('png', pngHeader(width, height)).ok).toBe(fits);
        if (width < 65_536 && height < 65_536) {
          expect(checkImageSize('jpeg', jpegHeader(width, height)).ok).toBe(fits);
        }
      }),
    );
  });

  it('never throws on arbitrary bytes after a signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        for (const head of [
          [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
          [0xff, 0xd8],
        ]) {
          const bytes = Uint8Array.from([...head, ...tail]);
          expect(() => checkImageSize(head.length === 2 ? 'jpeg' : 'png', bytes)).not.toThrow();
        }
      }),
    );
  });
});

// Issue 26: each step of the JPEG walk and each length at its edge.
describe('edges of reading a declared size', () => {
  const sof = (width: number, height: number) => [
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
  ];
  const jpeg = (...segments: number[]) => Uint8Array.from([0xff, 0xd8, ...segments]);
  it.each([
    ['a frame right after the start', jpeg(...sof(3, 4)), { width: 3, height: 4 }],
    ['fill bytes before a marker', jpeg(0xff, 0xff, 0xff, ...sof(3, 4)), { width: 3, height: 4 }],
    [
      'markers without a length (TEM, RST0, RST7)',
      jpeg(0xff, 0x01, 0xff, 0xd0, 0xff, 0xd7, ...sof(3, 4)),
      { width: 3, height: 4 },
    ],
    [
      'a segment of its own length skipped',
      jpeg(0xff, 0xe1, 0, 4, 9, 9, ...sof(3, 4)),
      { width: 3, height: 4 },
    ],
    ['a DHT (C4) that is not a frame', jpeg(0xff, 0xc4, 0, 2, ...sof(3, 4)), { width: 3, height: 4 }],
    ['a frame of exactly nine bytes', jpeg(...sof(3, 4)).subarray(0, 11), { width: 3, height: 4 }],
    ['a frame cut one byte short', jpeg(...sof(3, 4)).subarray(0, 10), null],
    ['the end of the image before a frame', jpeg(0xff, 0xd9, ...sof(3, 4)), null],
    [
      'RST8 (D8, the start marker again) then a frame',
      jpeg(0xff, 0xd8, ...sof(3, 4)),
      { width: 3, height: 4 },
    ],
    ['a byte that is not a marker', jpeg(0x00, ...sof(3, 4)), null],
    ['a segment length below 2', jpeg(0xff, 0xe0, 0, 1, ...sof(3, 4)), null],
    ['a segment length of exactly 2', jpeg(0xff, 0xe0, 0, 2, ...sof(3, 4)), { width: 3, height: 4 }],
    ['a marker and length cut short', jpeg(0xff, 0xe0, 0), null],
    // Mutation survivors (docs/notes/mutation-survivors.md): what follows these is never read.
    ['the end of the image, then bytes that look like a frame', jpeg(0xff, 0xd9, 0, 2, ...sof(3, 4)), null],
    ['the scan before a frame, of a readable length', jpeg(0xff, 0xda, 0, 2, ...sof(3, 4)), null],
    ['a frame whose own length is below 2', jpeg(0xff, 0xc0, 0, 1, 8, 0, 4, 0, 3), null],
  ])('JPEG with %s', (_, bytes, size) => expect(readImageSize('jpeg', bytes)).toEqual(size));

  it('reads a PNG of exactly 24 bytes, and nothing from 23 or from another chunk first', () => {
    const header = pngHeader(7, 9);
    expect(readImageSize('png', header.subarray(0, 24))).toEqual({ width: 7, height: 9 });
    expect(readImageSize('png', header.subarray(0, 23))).toBeNull();
    const other = Uint8Array.from(header);
    other.set([0x49, 0x44, 0x41, 0x54], 12);
    expect(readImageSize('png', other)).toBeNull();
  });
});
