import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// The replies of the partner image calls (SPEC.md §7 logo, marketing; GET /api/partner-images).

/** GET /api/logo/:partnerCode, GET /api/marketing/latest/:partnerCode: the image's bytes. */
export const PartnerImageFile = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'PNG or JPEG',
});

/** POST /api/logo/:partnerCode, POST /api/marketing/upload/:partnerCode. */
export const PartnerImageUpload = Type.Object({
  message: Type.String(),
  partnerCode: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
});
export type PartnerImageUpload = Static<typeof PartnerImageUpload>;

/** One image of a partner; null when none was uploaded. */
export const PartnerImageInfo = Nullable(
  Type.Object({ contentType: Type.String(), byteSize: Type.Integer(), updatedAt: Type.String() }),
);
export type PartnerImageInfo = Static<typeof PartnerImageInfo>;

/** GET /api/partner-images/:partnerCode: which images the partner has. */
export const PartnerImagesReply = Type.Object({ logo: PartnerImageInfo, marketing: PartnerImageInfo });
export type PartnerImagesReply = Static<typeof PartnerImagesReply>;
