import type { Readable } from 'node:stream';
import { buildReportKey, InvalidKeyError } from '@portal/domain/reports/report-keys';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../db.js';
import type { Database } from '../schema.js';
import { whereLive } from './live-reports.js';
import { recordReportEvents } from './report-events.js';

// Taking in one report file: from the import script today, from an upload endpoint later. The
// bytes go to the blob store (given as a parameter: db does not depend on storage), then the
// reports row is written. A file with the same name for the same partner, category and date
// replaces the stored file; the earlier row is kept and marked superseded by the new one.

/** The part of a BlobStore the ingest needs. */
export type ReportBlobWriter = {
  put(
    key: string,
    body: Readable | Buffer,
    options?: { contentType?: string },
  ): Promise<{ size: number; sha256: string }>;
};

export type ReportTargetInput = {
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  /** 'YYYY-MM-DD' */
  reportDate: string;
  fileName: string;
  /** Needed only when the partner has several frequency types for the category. */
  frequencyTypeCode?: string | undefined;
};

export type ReportTarget = {
  partnerId: number;
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  frequencyTypeCode: string;
  reportDate: string;
  fileName: string;
  storageKey: string;
};

export type IngestReportInput = ReportTargetInput & {
  body: Readable | Buffer;
  contentType: string;
  /** The file's own modification time; now by default. */
  lastModified?: Date;
  uploadedBy?: string | null;
  /** Runs in the transaction that records the file (its audit entry, so both or neither land). */
  inTransaction?: (trx: Transaction<Database>, report: IngestedReport) => Promise<void>;
};

export type IngestedReport = ReportTarget & {
  reportId: number;
  size: number;
  sha256: string;
  /** The earlier row this file replaced, if any. */
  supersededReportId: number | null;
};

export type ReportIngestErrorCode =
  | 'INVALID_KEY'
  | 'UNKNOWN_PARTNER'
  | 'UNKNOWN_CATEGORY'
  | 'UNKNOWN_FREQUENCY_TYPE'
  | 'FREQUENCY_TYPE_REQUIRED';

export class ReportIngestError extends Error {
  override readonly name = 'ReportIngestError';
  constructor(
    readonly code: ReportIngestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Checks partner, category and frequency type and builds the storage key; writes nothing. */
export async function resolveReportTarget(db: Db, input: ReportTargetInput): Promise<ReportTarget> {
  const partnerLabel = `${input.accessTypeCode}/${input.partnerCode}`;
  const partner = await db
    .selectFrom('partners')
    .select(['partner_id', 'access_type_code', 'code'])
    .where('access_type_code', '=', input.accessTypeCode.trim().toUpperCase())
    .where((eb) => eb(eb.fn('lower', ['code']), '=', input.partnerCode.trim().toLowerCase()))
    .executeTakeFirst();
  if (!partner) throw new ReportIngestError('UNKNOWN_PARTNER', `Unknown partner ${partnerLabel}`);

  const category = await db
    .selectFrom('partner_categories')
    .select('category_code')
    .where('partner_id', '=', partner.partner_id)
    .where((eb) => eb(eb.fn('lower', ['category_code']), '=', input.categoryCode.trim().toLowerCase()))
    .executeTakeFirst();
  if (!category) {
    throw new ReportIngestError(
      'UNKNOWN_CATEGORY',
      `Unknown report category ${input.categoryCode} for partner ${partnerLabel}`,
    );
  }

  const frequencyTypes = (
    await db
      .selectFrom('partner_category_frequency_types')
      .select('frequency_type_code')
      .where('partner_id', '=', partner.partner_id)
      .where('category_code', '=', category.category_code)
      .orderBy('frequency_type_code')
      .execute()
  ).map((row) => row.frequency_type_code);
  const frequencyTypeCode = chooseFrequencyType(
    frequencyTypes,
    input.frequencyTypeCode,
    `report category ${category.category_code} of partner ${partnerLabel}`,
  );

  const parts = {
    accessTypeCode: partner.access_type_code,
    partnerCode: partner.code,
    categoryCode: category.category_code,
    reportDate: input.reportDate,
    fileName: input.fileName,
  };
  let storageKey: string;
  try {
    storageKey = buildReportKey(parts);
  } catch (error) {
    if (error instanceof InvalidKeyError) throw new ReportIngestError('INVALID_KEY', error.message);
    throw error;
  }
  return { partnerId: partner.partner_id, ...parts, frequencyTypeCode, storageKey };
}

function chooseFrequencyType(available: string[], requested: string | undefined, what: string): string {
  if (requested !== undefined && requested.trim() !== '') {
    const match = available.find((code) => code.toLowerCase() === requested.trim().toLowerCase());
    if (!match) {
      throw new ReportIngestError(
        'UNKNOWN_FREQUENCY_TYPE',
        `Frequency type ${requested} is not one of ${available.join(', ') || 'none'} for ${what}`,
      );
    }
    return match;
  }
  const [only] = available;
  if (available.length === 1 && only) return only;
  if (available.length === 0) {
    throw new ReportIngestError('UNKNOWN_FREQUENCY_TYPE', `There is no frequency type for ${what}`);
  }
  throw new ReportIngestError(
    'FREQUENCY_TYPE_REQUIRED',
    `The ${what} has frequency types ${available.join(', ')}: name the one this file belongs to`,
  );
}

/**
 * Streams the file into the blob store and records it. Two uploads of the same file at the same
 * moment are serialised for the rows; the stored bytes are those of the last put.
 */
export async function ingestReport(
  db: Kysely<Database>,
  blobs: ReportBlobWriter,
  input: IngestReportInput,
): Promise<IngestedReport> {
  const target = await resolveReportTarget(db, input);
  const stored = await blobs.put(target.storageKey, input.body, { contentType: input.contentType });
  const record = async (trx: Transaction<Database>) => {
    await sql`select pg_advisory_xact_lock(hashtext(${target.storageKey}))`.execute(trx);
    const previous = await trx
      .selectFrom('reports')
      .select('report_id')
      .where('partner_id', '=', target.partnerId)
      .where('category_code', '=', target.categoryCode)
      .where('report_date', '=', target.reportDate)
      .where('file_name', '=', target.fileName)
      .where(whereLive())
      .executeTakeFirst();
    const now = new Date();
    if (previous) {
      await trx
        .updateTable('reports')
        .set({ superseded_at: now })
        .where('report_id', '=', previous.report_id)
        .execute();
    }
    const { report_id } = await trx
      .insertInto('reports')
      .values({
        partner_id: target.partnerId,
        category_code: target.categoryCode,
        frequency_type_code: target.frequencyTypeCode,
        report_date: target.reportDate,
        file_name: target.fileName,
        file_size: stored.size,
        content_type: input.contentType,
        sha256: stored.sha256,
        storage_key: target.storageKey,
        last_modified: input.lastModified ?? now,
        uploaded_by: input.uploadedBy ?? null,
      })
      .returning('report_id')
      .executeTakeFirstOrThrow();
    if (previous) {
      await trx
        .updateTable('reports')
        .set({ superseded_by: report_id })
        .where('report_id', '=', previous.report_id)
        .execute();
    }
    const report = {
      ...target,
      reportId: report_id,
      supersededReportId: previous?.report_id ?? null,
      size: stored.size,
      sha256: stored.sha256,
    };
    await recordReportEvents(trx, [
      {
        eventType: previous ? 'report.replaced' : 'report.available',
        partnerId: target.partnerId,
        categoryCode: target.categoryCode,
        frequencyTypeCode: target.frequencyTypeCode,
        reportId: report_id,
        replacedReportId: previous?.report_id ?? null,
        reportDate: target.reportDate,
        fileName: target.fileName,
      },
    ]);
    await input.inTransaction?.(trx, report);
    return report;
  };
  return db.isTransaction ? record(db as Transaction<Database>) : db.transaction().execute(record);
}
