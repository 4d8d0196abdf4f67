import { type Database, findCatalogPartner, saveSubscription } from '@portal/db';
import type { BlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';
import { addReport, seedReportCatalog } from '../reports/fixtures.js';

// What the report rows of the matrix act on: categories of EXT/BJS and EXT/OTH, a csv report of
// BJS that view and download read, and one the DELETE row removes; the internal admin's report
// subscriptions that the subscription rows change and end, and an unsubscribe link.
export type ReportMatrixIds = {
  reportId: number;
  reportToDelete: number;
  subscriptionId: number;
  subscriptionToDelete: number;
  unsubscribeToken: string;
};
export const REPORT_MATRIX_CATEGORY = 'SETTLEMENT';

export async function seedReportFixtures(db: Kysely<Database>, blobs: BlobStore): Promise<ReportMatrixIds> {
  await seedReportCatalog(db);
  const add = (fileName: string) =>
    addReport(db, blobs, { reportDate: '2026-11-19', fileName, body: Buffer.from('store,amount\n101,1\n') });
  const follow = async (partnerCode: string, categoryCode: string) =>
    saveSubscription(
      db,
      {
        userId: 'E100001',
        partnerId: (await findCatalogPartner(db, 'EXT', partnerCode))!.partnerId,
        categoryCode,
      },
      { delivery: 'AS_THEY_ARRIVE', digestTime: null, frequencyTypeCodes: [] },
    );
  const subscriptionId = await follow('BJS', 'INSIGHTS');
  const subscriptionToDelete = await follow('SAM', 'SETTLEMENT');
  const { unsubscribe_token: unsubscribeToken } = await db
    .selectFrom('report_subscriptions')
    .select('unsubscribe_token')
    .where('subscription_id', '=', await follow('BJS', 'ACCOUNTS'))
    .executeTakeFirstOrThrow();
  return {
    reportId: await add('matrix.csv'),
    reportToDelete: await add('matrix-delete.csv'),
    subscriptionId,
    subscriptionToDelete,
    unsubscribeToken,
  };
}
