import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// The replies of /api/banner (SPEC.md §3 Banner, §7 banner).

export const Banner = Type.Object({
  bannerId: Type.Integer(),
  bannerMessage: Type.String(),
  bannerType: Type.String(),
  /** Seconds; null: indefinite. */
  timeToLive: Nullable(Type.Integer()),
  isActive: Type.Boolean(),
  activatedAt: Type.String({ format: 'date-time' }),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  isShowing: Type.Boolean(),
});
export type Banner = Static<typeof Banner>;

export const BannerType = Type.Object({
  bannerCode: Type.String(),
  alertCode: Type.String(),
  name: Type.String(),
});
export type BannerType = Static<typeof BannerType>;

/** GET /api/banner: every banner for internal admins, those showing now for everyone else. */
export const BannersReply = Type.Object({ banners: Type.Array(Banner), bannerTypes: Type.Array(BannerType) });
export type BannersReply = Static<typeof BannersReply>;
