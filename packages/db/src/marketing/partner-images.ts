import type { PartnerImageKind, PartnerRef } from '@portal/domain';
import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import { sql } from 'kysely';
import type { Db } from '../db.js';
import { partnerInScope } from '../reports/partner-scope.js';

// Partner logos and marketing images: one of each per partner code (SPEC.md §3). The bytes live
// in the blob store; a row says which blob is current, so a new upload replaces it atomically.

export type PartnerImage = {
  partnerCode: string;
  kind: PartnerImageKind;
  storageKey: string;
  contentType: string;
  byteSize: number;
  updatedAt: Date;
  updatedBy: string | null;
};

const columns = [
  'partner_code as partnerCode',
  'kind',
  'storage_key as storageKey',
  'content_type as contentType',
  'byte_size as byteSize',
  'updated_at as updatedAt',
  'updated_by as updatedBy',
] as const;

/** Every partner (access type and code) whose code is `partnerCode`, case-insensitively. */
export async function findPartnersByCode(db: Db, partnerCode: string): Promise<PartnerRef[]> {
  return db
    .selectFrom('partners')
    .select(['access_type_code as accessTypeCode', 'code as partnerCode'])
    .where(sql<string>`lower(code)`, '=', partnerCode.toLowerCase())
    .orderBy('access_type_code')
    .execute();
}

export type PartnerSummary = {
  accessTypeCode: string;
  accessTypeName: string;
  code: string;
  name: string;
  hasLogo: boolean;
};

/** Images are stored under the trimmed, upper-cased partner code (partner codes are unique so). */
export const hasLogo = (codeColumn: 'partners.code' | 'p.code') =>
  sql<boolean>`exists (select 1 from partner_images i where i.kind = 'LOGO' and i.partner_code = upper(btrim(${sql.ref(codeColumn)})))`.as(
    'hasLogo',
  );

/** Every partner in `scope` with its access type's name, by access type then name. */
export async function listPartnerSummaries(db: Db, scope: PartnerScope = 'all'): Promise<PartnerSummary[]> {
  return db
    .selectFrom('partners as p')
    .innerJoin('access_types as a', 'a.code', 'p.access_type_code')
    .select(['p.access_type_code as accessTypeCode', 'a.name as accessTypeName', 'p.code', 'p.name'])
    .select(hasLogo('p.code'))
    .where((eb) => partnerInScope(eb, scope))
    .orderBy('p.access_type_code')
    .orderBy('p.name')
    .execute();
}

export async function findPartnerImage(
  db: Db,
  partnerCode: string,
  kind: PartnerImageKind,
): Promise<PartnerImage | undefined> {
  return db
    .selectFrom('partner_images')
    .select(columns)
    .where('partner_code', '=', partnerCode)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The current images of a partner code, one per kind at most. */
export async function listPartnerImages(db: Db, partnerCode: string): Promise<PartnerImage[]> {
  return db.selectFrom('partner_images').select(columns).where('partner_code', '=', partnerCode).execute();
}

/** Makes `image` the current one; returns the one it replaced (whose blob the caller removes). */
export async function savePartnerImage(
  db: Db,
  image: Omit<PartnerImage, 'updatedAt'>,
  now: Date,
): Promise<PartnerImage | undefined> {
  const previous = await db
    .selectFrom('partner_images')
    .select(columns)
    .where('partner_code', '=', image.partnerCode)
    .where('kind', '=', image.kind)
    .forUpdate()
    .executeTakeFirst();
  const row = {
    partner_code: image.partnerCode,
    kind: image.kind,
    storage_key: image.storageKey,
    content_type: image.contentType,
    byte_size: image.byteSize,
    updated_at: now,
    updated_by: image.updatedBy,
  };
  await db
    .insertInto('partner_images')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['partner_code', 'kind']).doUpdateSet({
        storage_key: row.storage_key,
        content_type: row.content_type,
        byte_size: row.byte_size,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
  return previous;
}
