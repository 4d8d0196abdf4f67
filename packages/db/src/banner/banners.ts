import { sql } from 'kysely';
import type { Db } from '../db.js';

// The site banner (SPEC.md §3, §4): created and edited banners are active, and their time to live
// counts from that moment (activated_at); disabling makes one inactive.

export type BannerType = { bannerCode: string; alertCode: string; name: string };
export type Banner = {
  bannerId: number;
  bannerMessage: string;
  bannerType: string;
  timeToLive: number | null;
  isActive: boolean;
  activatedAt: Date;
};
export type BannerInput = { bannerMessage: string; bannerType: string; timeToLive: number | null };

const columns = [
  'banner_id as bannerId',
  'banner_message as bannerMessage',
  'banner_type as bannerType',
  'time_to_live as timeToLive',
  'is_active as isActive',
  'activated_at as activatedAt',
] as const;

export async function listBannerTypes(db: Db): Promise<BannerType[]> {
  return db
    .selectFrom('banner_types')
    .select(['banner_code as bannerCode', 'alert_code as alertCode', 'name'])
    .orderBy('banner_code')
    .execute();
}

export async function bannerTypeExists(db: Db, bannerCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('banner_types')
    .select('banner_code')
    .where('banner_code', '=', bannerCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every banner, newest first (the admin's list). */
export async function listBanners(db: Db): Promise<Banner[]> {
  return db.selectFrom('banners').select(columns).orderBy('banner_id', 'desc').execute();
}

/** The banners every page shows: active, and not past their time to live at `now`. */
export async function listShowingBanners(db: Db, now: Date): Promise<Banner[]> {
  return db
    .selectFrom('banners')
    .select(columns)
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('time_to_live', 'is', null),
        sql<boolean>`activated_at + time_to_live * interval '1 second' > ${now}`,
      ]),
    )
    .orderBy('activated_at', 'desc')
    .execute();
}

export async function findBanner(db: Db, bannerId: number): Promise<Banner | undefined> {
  return db.selectFrom('banners').select(columns).where('banner_id', '=', bannerId).executeTakeFirst();
}

export async function createBanner(db: Db, input: BannerInput, now: Date): Promise<Banner> {
  return db
    .insertInto('banners')
    .values({
      banner_message: input.bannerMessage,
      banner_type: input.bannerType,
      time_to_live: input.timeToLive,
      is_active: true,
      activated_at: now,
      updated_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** An edit makes the banner active again, its time to live counting from now. */
export async function updateBanner(
  db: Db,
  bannerId: number,
  input: BannerInput,
  now: Date,
): Promise<Banner | undefined> {
  return db
    .updateTable('banners')
    .set({
      banner_message: input.bannerMessage,
      banner_type: input.bannerType,
      time_to_live: input.timeToLive,
      is_active: true,
      activated_at: now,
      updated_at: now,
    })
    .where('banner_id', '=', bannerId)
    .returning(columns)
    .executeTakeFirst();
}

export async function disableBanner(db: Db, bannerId: number, now: Date): Promise<Banner | undefined> {
  return db
    .updateTable('banners')
    .set({ is_active: false, updated_at: now })
    .where('banner_id', '=', bannerId)
    .returning(columns)
    .executeTakeFirst();
}
