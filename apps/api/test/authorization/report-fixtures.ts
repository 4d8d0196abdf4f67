import type { Database } from '@portal/db';
import type { BlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';
import { addReport, seedReportCatalog } from '../reports/fixtures.js';

// What the report rows of the matrix act on: categories of EXT/BJS and EXT/OTH, a csv report of
// BJS that view and download read, and one the DELETE row removes.
export type ReportMatrixIds = { reportId: number; reportToDelete: number };
export const REPORT_MATRIX_CATEGORY = 'SETTLEMENT';

export async function seedReportFixtures(db: Kysely<Database>, blobs: BlobStore): Promise<ReportMatrixIds> {
  await seedReportCatalog(db);
  const add = (fileName: string) =>
    addReport(db, blobs, { reportDate: '2026-11-19', fileName, body: Buffer.from('store,amount\n101,1\n') });
  return { reportId: await add('matrix.csv'), reportToDelete: await add('matrix-delete.csv') };
}
