import { sql } from 'kysely';
import type { Db } from '../db.js';

// The datasets catalogue (SPEC.md §3 Dataset validation result): a catalogId and the object key
// of its folder. Service accounts register datasets; the dataset dialog looks them up.

export type Dataset = { catalogId: string; objectKey: string };

export async function findDataset(db: Db, catalogId: string): Promise<Dataset | undefined> {
  return db
    .selectFrom('datasets')
    .select(['catalog_id as catalogId', 'object_key as objectKey'])
    .where('catalog_id', '=', catalogId)
    .executeTakeFirst();
}

/** Registers a dataset, or moves a registered one to a new object key. Returns the earlier key. */
export async function registerDataset(
  db: Db,
  dataset: Dataset,
): Promise<{ previousObjectKey: string | null }> {
  const before = await db
    .selectFrom('datasets')
    .select('object_key')
    .where('catalog_id', '=', dataset.catalogId)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('datasets')
    .values({ catalog_id: dataset.catalogId, object_key: dataset.objectKey })
    .onConflict((oc) => oc.column('catalog_id').doUpdateSet({ object_key: sql<string>`excluded.object_key` }))
    .execute();
  return { previousObjectKey: before?.object_key ?? null };
}
