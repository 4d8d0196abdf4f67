import { createHash } from 'node:crypto';
import {
  batchFileHeader,
  batchFileKey,
  batchFileTrailer,
  DEFAULT_DISPUTE_BIN,
  DEFAULT_FORMS_RETAILER,
  DISPUTE_REASONS,
  type DisputeFileRecord,
  disputeFileLine,
  FORMS_RETAILER_PATTERN,
  type InvoiceFileRecord,
  invoiceFileLine,
  type NormalizedDispute,
} from '@portal/domain';
import { type BatchKind, batchDateOf, batchInstant } from '@portal/domain/forms/form-batch';
import { previousBusinessDay } from '@portal/domain/time/business-days';
import { easternDate, easternInstant } from '@portal/domain/time/eastern-time';
import { addDays } from '@portal/domain/time/iso-date';
import { insertDisputes } from '../forms/disputes.js';
import { claimBatch, finishBatch, takeBatchRecords } from '../forms/form-batches.js';
import { insertInvoiceRequest } from '../forms/invoice-requests.js';
import type { Db } from './reference-data.js';
import type { ReportFileWriter } from './reports.js';

// A week of operational forms: the five business days before today each have invoice requests
// and disputes of both message types already in that day's batch, with the batch file stored
// as the worker writes it; today's entries are pending, in the batch the shared rule gives them.

/**
 * FORMS_RETAILER with the API's default and rule, so the demo disputes are those of the dispute
 * pages the portal serves. Read from the environment here: seedDemo's callers pass no settings.
 */
export function demoRetailer(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const retailer = env.FORMS_RETAILER || DEFAULT_FORMS_RETAILER;
  if (!new RegExp(FORMS_RETAILER_PATTERN).test(retailer))
    throw new Error(`FORMS_RETAILER: '${retailer}' must be lower-case letters and digits, joined by '-'`);
  return retailer;
}

const OPS = 'E100002';
const PAST_DAYS = 5;

function demoDispute(n: number, day: string): NormalizedDispute {
  const chargeback = n % 2 === 0;
  const cents = 2_500 + ((n * 7_919) % 40_000);
  return {
    messageType: chargeback ? 'outcome-chargeback' : 'claim-request',
    customerId: String(400_100 + n),
    bin: DEFAULT_DISPUTE_BIN,
    messageDate: addDays(day, -1),
    disputeReasonDesc: DISPUTE_REASONS[n % DISPUTE_REASONS.length]!.description,
    transactionDate: addDays(day, -7 - (n % 5)),
    lastFourCardNum: String(1_000 + ((n * 37) % 9_000)),
    disputeAmountCents: cents,
    transactionAmountCents: cents + 1_000 * (n % 3),
    issuerClaimId: `IC-${day.replaceAll('-', '')}-${n}`,
    issuerClaimTransactionId: `ICT-${7_000 + n}`,
    merchantId: `MRC${String(100_000 + n * 13).slice(0, 9)}`,
    acquirerRefId: `7412345${String(n).padStart(6, '0')}1234`,
    acquirerClaimId: chargeback ? `AC-${9_000 + n}` : null,
    chargebackReferenceId: chargeback ? `CB-${5_000 + n}` : null,
  };
}

function demoInvoice(n: number, day: string) {
  return {
    accountNumber: `4000${String(123_456_789_012 + n * 1_111).padStart(12, '0')}`,
    startDate: addDays(day, -30 - n),
    endDate: addDays(day, -1),
  };
}

/** The file the worker would write for these records (docs/batch-files.md). */
function fileOf(kind: BatchKind, batchDate: string, records: (DisputeFileRecord | InvoiceFileRecord)[]) {
  let body = batchFileHeader(kind);
  let totalCents = 0;
  for (const record of records) {
    if (kind === 'disputes') {
      const dispute = record as DisputeFileRecord;
      body += disputeFileLine(batchDate, dispute);
      totalCents += dispute.disputeAmountCents;
    } else body += invoiceFileLine(batchDate, record as InvoiceFileRecord);
  }
  const sha256 = createHash('sha256').update(body).digest('hex');
  return {
    text: body + batchFileTrailer({ batchDate, count: records.length, totalCents, sha256 }),
    totalCents,
  };
}

async function closeBatch(
  db: Db,
  files: ReportFileWriter,
  kind: BatchKind,
  batchDate: string,
  records: (DisputeFileRecord | InvoiceFileRecord)[],
) {
  const at = batchInstant(kind, batchDate);
  const batchId = await claimBatch(db, kind, { batchDate, scheduledFor: at, startedAt: at, late: false });
  if (batchId === undefined) return;
  await takeBatchRecords(db, kind, batchId, batchDate);
  const file = fileOf(kind, batchDate, records);
  const key = batchFileKey(kind, batchDate);
  const stored = await files.putReportFile(key, Buffer.from(file.text), 'text/csv');
  await finishBatch(db, kind, batchId, {
    recordCount: records.length,
    totalCents: file.totalCents,
    storageKey: key,
    checksum: stored.sha256,
    finishedAt: new Date(at.getTime() + 2_000),
  });
}

export async function seedForms(
  db: Db,
  files: ReportFileWriter,
  now: Date,
  retailer = demoRetailer(),
): Promise<void> {
  const days: string[] = [];
  for (let day = easternDate(now); days.length < PAST_DAYS; ) {
    day = previousBusinessDay(day);
    days.unshift(day);
  }
  let n = 0;
  for (const day of days) {
    const morning = easternInstant(day, 10, 15);
    const invoices: InvoiceFileRecord[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await insertInvoiceRequest(db, {
        ...demoInvoice(++n, day),
        batchDate: day,
        createdBy: OPS,
        createdAt: morning,
      });
      invoices.push({ ...demoInvoice(n, day), recordId: created.recordId });
    }
    const disputes = [demoDispute(++n, day), demoDispute(++n, day), demoDispute(++n, day)];
    const created = await insertDisputes(db, disputes, {
      retailer,
      batchDate: day,
      createdBy: OPS,
      createdAt: morning,
    });
    await closeBatch(db, files, 'invoices', day, invoices);
    await closeBatch(
      db,
      files,
      'disputes',
      day,
      created.map((c, i) => ({ ...disputes[i]!, recordId: c.recordId, retailer })),
    );
  }
  // Today's entries, still pending: an hour ago, so never in the future.
  const recent = new Date(now.getTime() - 3_600_000);
  for (let i = 0; i < 3; i++) {
    await insertInvoiceRequest(db, {
      ...demoInvoice(++n, easternDate(now)),
      batchDate: batchDateOf('invoices', recent),
      createdBy: OPS,
      createdAt: recent,
    });
  }
  for (const messageType of ['claim-request', 'outcome-chargeback'] as const) {
    const pair = [demoDispute(++n, easternDate(now)), demoDispute(++n, easternDate(now))].map((d) =>
      messageType === 'claim-request'
        ? { ...d, messageType, acquirerClaimId: null, chargebackReferenceId: null }
        : {
            ...d,
            messageType,
            acquirerClaimId: d.acquirerClaimId ?? `AC-${n}`,
            chargebackReferenceId: d.chargebackReferenceId ?? `CB-${n}`,
          },
    );
    await insertDisputes(db, pair, {
      retailer,
      batchDate: batchDateOf('disputes', recent),
      createdBy: OPS,
      createdAt: recent,
    });
  }
}
