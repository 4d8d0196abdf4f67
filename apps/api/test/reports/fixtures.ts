import { type Database, ingestReport } from '@portal/db';
import { type BlobStore, contentTypeForFileName } from '@portal/storage';
import { ensureReferenceData, newPartnerCategory } from '@portal/testing/db';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';

// Report categories and files for the report tests, on top of the personas' partners
// (EXT/BJS, EXT/SAM, EXT/WSI, EXT/OTH, INT/OPS from support/personas.ts).

export const CATEGORIES = [
  { code: 'SETTLEMENT', name: 'Settlement', externalLink: null, frequencyTypes: ['DLY'] },
  { code: 'ACCOUNTS', name: 'Account Activity', externalLink: null, frequencyTypes: ['DLY', 'WLY'] },
  {
    code: 'INSIGHTS',
    name: 'Partner Insights',
    externalLink: 'https://example.com/insights',
    frequencyTypes: ['MLY'],
  },
];

/** Which partner gets which category. */
const PARTNER_CATEGORIES: Array<[string, string[]]> = [
  ['BJS', ['SETTLEMENT', 'ACCOUNTS', 'INSIGHTS']],
  ['SAM', ['SETTLEMENT']],
  ['OTH', ['SETTLEMENT']],
];

export async function seedReportCatalog(db: Kysely<Database>): Promise<void> {
  await ensureReferenceData(db);
  await db
    .insertInto('report_categories')
    .values(CATEGORIES.map((c) => ({ code: c.code, name: c.name, external_link: c.externalLink })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const [partnerCode, categoryCodes] of PARTNER_CATEGORIES) {
    const { partner_id } = await db
      .selectFrom('partners')
      .select('partner_id')
      .where('access_type_code', '=', 'EXT')
      .where('code', '=', partnerCode)
      .executeTakeFirstOrThrow();
    for (const code of categoryCodes) {
      const frequencyTypeCodes = CATEGORIES.find((c) => c.code === code)?.frequencyTypes ?? [];
      await newPartnerCategory(db, { partnerId: partner_id, categoryCode: code, frequencyTypeCodes });
    }
  }
}

/** An xlsx with two worksheets, the second with a cell that looks like HTML. */
export async function twoSheetXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet('Summary');
  summary.addRow(['Store', 'Amount', 'Date']);
  summary.addRow(['#101 Boston', 1250.5, new Date(Date.UTC(2026, 10, 20))]);
  const detail = workbook.addWorksheet('Detail');
  detail.addRow(['Note']);
  detail.addRow(['<img src=x onerror=alert(1)>']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type AddReport = {
  partnerCode?: string;
  categoryCode?: string;
  reportDate: string;
  fileName: string;
  body: Buffer;
  frequencyTypeCode?: string;
};

/** Ingests a file as the upload would; returns its report id. */
export async function addReport(db: Kysely<Database>, store: BlobStore, report: AddReport): Promise<number> {
  const ingested = await ingestReport(db, store, {
    accessTypeCode: 'EXT',
    partnerCode: report.partnerCode ?? 'BJS',
    categoryCode: report.categoryCode ?? 'SETTLEMENT',
    reportDate: report.reportDate,
    fileName: report.fileName,
    frequencyTypeCode: report.frequencyTypeCode,
    body: report.body,
    contentType: contentTypeForFileName(report.fileName),
  });
  return ingested.reportId;
}

/** Marks a persona's sessions as freshly verified, as a passed ALTCHA check would. */
export async function markVerified(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ human_verified_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}
