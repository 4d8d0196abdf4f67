import { connect, ingestReport } from '@portal/db';
import { LocalDiskStore } from '@portal/storage';
import { inject } from 'vitest';

/**
 * Lands csv reports of BJ's (or of `where.partnerCode`) in a category of the running portal, dated
 * today (or `where.reportDate`), as an upload would (through ingestReport: the row, the file, the
 * report event and its outbox row).
 */
export async function landReports(
  categoryCode: string,
  fileNames: readonly string[],
  where: { partnerCode?: string; reportDate?: string } = {},
): Promise<void> {
  const database = connect({ databaseUrl: inject('databaseUrl'), maxConnections: 1 });
  const store = new LocalDiskStore({ root: inject('filesDir') });
  try {
    const reportDate = where.reportDate ?? new Date().toISOString().slice(0, 10);
    for (const fileName of fileNames) {
      await ingestReport(database.db, store, {
        accessTypeCode: 'EXT',
        partnerCode: where.partnerCode ?? 'BJS',
        categoryCode,
        reportDate,
        fileName,
        body: Buffer.from(`store,amount\n101,${fileName.length}\n`),
        contentType: 'text/csv',
      });
    }
  } finally {
    await database.close();
  }
}
