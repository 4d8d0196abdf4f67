import { invalidMarketingFileType } from '../common/messages.js';

// Partner logos and marketing images (SPEC.md §5): a logo is a PNG, a marketing image is a jpeg,
// jpg or png. What a file is comes from its first bytes, never from its name or the type the
// browser claims, so a page or script renamed .png is refused.

export type PartnerImageKind = 'LOGO' | 'MARKETING';

/** The formats recognised by their signature; only png and jpeg are ever accepted. */
export type DetectedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'pdf' | 'zip';

/** Bytes needed to tell every format of DetectedType apart. */
export const IMAGE_SIGNATURE_BYTES = 12;

/** The largest image accepted. */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
export const imageTooLargeMessage = (maxBytes = MAX_IMAGE_UPLOAD_BYTES) =>
  `The file is too large. Please upload an image of at most ${formatMegabytes(maxBytes)}.`;

const formatMegabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;

export const ACCEPTED_IMAGE_TYPES: Record<PartnerImageKind, readonly DetectedType[]> = {
  LOGO: ['png'],
  MARKETING: ['png', 'jpeg'],
};

export const IMAGE_CONTENT_TYPES: Partial<Record<DetectedType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
};

const SIGNATURES: { type: DetectedType; bytes: (number | null)[] }[] = [
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { type: 'bmp', bytes: [0x42, 0x4d] },
  { type: 'tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { type: 'tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46] },
  { type: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
];

/** The format of a file from its first bytes, or null when it is none we know. */
export function detectFileType(head: Uint8Array): DetectedType | null {
  const match = SIGNATURES.find(
    ({ bytes }) => head.length >= bytes.length && bytes.every((byte, i) => byte === null || head[i] === byte),
  );
  return match?.type ?? null;
}

export type ImageCheck =
  | { ok: true; type: 'png' | 'jpeg'; contentType: string; extension: 'png' | 'jpg' }
  | { ok: false; message: string };

/**
 * Whether these bytes may be stored as this kind of partner image. The message names the type
 * the bytes are (or 'unknown'), as §5's 'Invalid file type (x) -- Please upload a PNG image.'
 */
export function checkPartnerImage(kind: PartnerImageKind, head: Uint8Array): ImageCheck {
  const type = detectFileType(head);
  if (type === null || !ACCEPTED_IMAGE_TYPES[kind].includes(type)) {
    return { ok: false, message: invalidMarketingFileType(type ?? 'unknown') };
  }
  const accepted = type as 'png' | 'jpeg';
  return {
    ok: true,
    type: accepted,
    contentType: IMAGE_CONTENT_TYPES[accepted] as string,
    extension: accepted === 'png' ? 'png' : 'jpg',
  };
}

/** What the browser can check before an upload: the name's extension (the server checks the bytes). */
export function acceptsFileName(kind: PartnerImageKind, fileName: string): boolean {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return kind === 'LOGO' ? extension === 'png' : ['png', 'jpg', 'jpeg'].includes(extension);
}
