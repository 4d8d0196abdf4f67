import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../common/limits.js';

// The size an image declares in its header, read before it is stored: a PNG's IHDR, a JPEG's
// start-of-frame. Nothing is decoded; an image whose size cannot be read is refused too.

export type ImageSize = { width: number; height: number };

/** IHDR is the first chunk: width and height are the big-endian words at bytes 16 and 20. */
function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic): not C4 (DHT), C8, CC (DAC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Walks the marker segments up to the first start-of-frame (height, then width). */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

export function readImageSize(type: 'png' | 'jpeg', bytes: Uint8Array): ImageSize | null {
  return type === 'png' ? pngSize(bytes) : jpegSize(bytes);
}

export const imageDimensionsMessage = (size: ImageSize | null) =>
  size
    ? `The image is too large: ${size.width} × ${size.height} pixels. Please upload an image of at most ${MAX_IMAGE_SIDE_PX} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`
    : 'The image size could not be read from the file. Please upload a complete PNG or JPEG image.';

/** Whether the declared size is within the budget: both sides at least 1 pixel, at most the limits. */
export function checkImageSize(
  type: 'png' | 'jpeg',
  bytes: Uint8Array,
): { ok: true; size: ImageSize } | { ok: false; message: string } {
  const size = readImageSize(type, bytes);
  if (
    !size ||
    size.width < 1 ||
    size.height < 1 ||
    size.width > MAX_IMAGE_SIDE_PX ||
    size.height > MAX_IMAGE_SIDE_PX ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    return {
      ok: false,
      message: imageDimensionsMessage(size && size.width > 0 && size.height > 0 ? size : null),
    };
  }
  return { ok: true, size };
}
