import type { Database } from '@portal/db';
import { createServiceAccount } from '@portal/db';
import type { BlobStore } from '@portal/storage';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import type { Kysely } from 'kysely';
import { type AdminMatrixIds, seedAdminFixtures } from './admin-fixtures.js';
import { type DashboardMatrixIds, seedDashboardFixtures } from './dashboard-fixtures.js';
import { type FormMatrixIds, seedFormFixtures } from './form-fixtures.js';
import { type ReportMatrixIds, seedReportFixtures } from './report-fixtures.js';
import { seedTenantFixtures, type TenantMatrixIds } from './tenant-fixtures.js';
import { seedWebhookFixtures, type WebhookMatrixIds } from './webhook-fixtures.js';

// The data the matrix rows act on. A row that needs an id (a report, a dashboard…) gets it from
// here: add the rows your routes need to seedMatrixFixtures and their ids to MatrixIds. Give
// destructive rows (disable, delete) their own target so other rows keep theirs.

export type MatrixIds = AdminMatrixIds &
  FormMatrixIds &
  DashboardMatrixIds &
  ReportMatrixIds &
  TenantMatrixIds &
  WebhookMatrixIds & {
    /** A service account the token routes act on. */
    serviceAccount: string;
    /** A service account the disable route acts on. */
    serviceAccountToDisable: string;
    /** A token of `serviceAccount` the revoke route acts on. */
    serviceAccountTokenId: string;
    /** A FAQ the edit route acts on, and one the delete route removes. */
    faqId: number;
    faqToDelete: number;
    /** A banner the edit and disable routes act on. */
    bannerId: number;
  };

export async function seedMatrixFixtures(
  db: Kysely<Database>,
  blobs: BlobStore,
): Promise<{ personas: SeededPersonas; ids: MatrixIds }> {
  const personas = await seedPersonas(db);
  const ids: MatrixIds = {
    serviceAccount: 'svc-matrix',
    serviceAccountToDisable: 'svc-matrix-disable',
    serviceAccountTokenId: '6f1c7c1e-3a51-4d7b-9a55-0d2f3f1b7a10',
    ...(await seedContentFixtures(db)),
    ...(await seedAdminFixtures(db)),
    ...(await seedDashboardFixtures(db)),
    ...(await seedReportFixtures(db, blobs)),
    ...(await seedTenantFixtures(db)),
    ...(await seedFormFixtures(db, blobs)),
    ...(await seedWebhookFixtures(db)),
  };
  for (const userId of [ids.serviceAccount, ids.serviceAccountToDisable]) {
    await createServiceAccount(db, { userId, name: 'Matrix target', features: [], partnerGrants: [] });
  }
  await db
    .insertInto('service_account_tokens')
    .values({
      token_id: ids.serviceAccountTokenId,
      user_id: ids.serviceAccount,
      token_hash: 'matrix-fixture-not-a-real-hash',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return { personas, ids };
}

/** FAQs, a banner and its type, and an issue reason (content routes). */
async function seedContentFixtures(db: Kysely<Database>) {
  await db
    .insertInto('banner_types')
    .values({ banner_code: 'INFO', alert_code: 'info', name: 'Information' })
    .execute();
  await db.insertInto('issue_reasons').values({ reason: 'Other' }).execute();
  const faqs = await db
    .insertInto('faqs')
    .values(['Matrix question?', 'Matrix question to delete?'].map((question) => ({ question, answer: 'A' })))
    .returning('faq_id')
    .execute();
  const banner = await db
    .insertInto('banners')
    .values({ banner_message: 'Matrix banner', banner_type: 'INFO', time_to_live: null })
    .returning('banner_id')
    .executeTakeFirstOrThrow();
  return { faqId: faqs[0]?.faq_id ?? 0, faqToDelete: faqs[1]?.faq_id ?? 0, bannerId: banner.banner_id };
}
