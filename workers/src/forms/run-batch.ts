import { claimBatch, type Database, finishBatch, takeBatchRecords } from '@portal/db';
import { BATCH_FILE_CONTENT_TYPE, batchFileKey, formatUsd } from '@portal/domain';
import { type BatchKind, batchJobId, isLateBatch } from '@portal/domain/forms/form-batch';
import { isBusinessDay } from '@portal/domain/time/business-days';
import { formatUsDate } from '@portal/domain/time/iso-date';
import { enqueue } from '@portal/queue';
import type { BlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';
import { batchFileStream } from './batch-file.js';

export type BatchDependencies = {
  db: Kysely<Database>;
  store: BlobStore;
  /** The clock: tests fix it at the batch time. */
  now: () => Date;
  /** OPERATIONS_MAILBOX: where each batch's summary goes. */
  operationsMailbox: string;
  /** For tests only: runs after the file is stored and before the batch commits. */
  afterFileWritten?: () => Promise<void>;
};

export type BatchRequest = { kind: BatchKind; batchDate: string; scheduledFor: Date };

export type BatchOutcome =
  | { status: 'not-a-business-day' | 'already-run'; kind: BatchKind; batchDate: string }
  | {
      status: 'completed';
      kind: BatchKind;
      batchDate: string;
      batchId: number;
      late: boolean;
      recordCount: number;
      totalCents: number;
      storageKey: string;
      checksum: string;
    };

const KIND_TITLE: Record<BatchKind, string> = {
  disputes: 'Retailer disputes',
  invoices: 'Customer invoice requests',
};

export function batchSummaryMail(outcome: Extract<BatchOutcome, { status: 'completed' }>, ranAt: Date) {
  const title = `${KIND_TITLE[outcome.kind]} batch of ${formatUsDate(outcome.batchDate)}`;
  const total = outcome.kind === 'disputes' ? `, ${formatUsd(outcome.totalCents)} disputed` : '';
  const lines = [
    outcome.recordCount === 0
      ? `${title}: no records were pending; the batch ran and its file holds the header and trailer only.`
      : `${title}: ${outcome.recordCount} record${outcome.recordCount === 1 ? '' : 's'}${total}.`,
    `File: ${outcome.storageKey}`,
    `SHA-256: ${outcome.checksum}`,
  ];
  if (outcome.late)
    lines.push(
      `This batch ran late, at ${ranAt.toISOString()}: no worker was running at its scheduled time.`,
    );
  return {
    subject: `${outcome.late ? '[ran late] ' : ''}${title}: ${outcome.recordCount} records`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * One batch, in one transaction: claim the day (a second run finds it taken and does nothing),
 * give the batch every pending record due by that day, stream its file to storage, record
 * count, total, file and checksum, and write the summary mail to the outbox (an empty batch's
 * too). A crash anywhere before the commit leaves no batch row and no record taken; the re-run
 * writes the same key with the same bytes, since the file holds nothing but the records and the date.
 */
export async function runBatch(deps: BatchDependencies, request: BatchRequest): Promise<BatchOutcome> {
  const { kind, batchDate, scheduledFor } = request;
  if (!isBusinessDay(batchDate)) return { status: 'not-a-business-day', kind, batchDate };
  return deps.db.transaction().execute(async (trx) => {
    const startedAt = deps.now();
    const late = isLateBatch(scheduledFor, startedAt);
    const batchId = await claimBatch(trx, kind, { batchDate, scheduledFor, startedAt, late });
    if (batchId === undefined) return { status: 'already-run', kind, batchDate };
    await takeBatchRecords(trx, kind, batchId, batchDate);
    const { stream, totals } = batchFileStream(trx, kind, batchDate, { batchId });
    const stored = await deps.store.put(batchFileKey(kind, batchDate), stream, {
      contentType: BATCH_FILE_CONTENT_TYPE,
    });
    await deps.afterFileWritten?.();
    const outcome = {
      status: 'completed' as const,
      kind,
      batchDate,
      batchId,
      late,
      recordCount: totals.count,
      totalCents: totals.totalCents,
      storageKey: stored.key,
      checksum: stored.sha256,
    };
    await finishBatch(trx, kind, batchId, { ...outcome, finishedAt: deps.now() });
    // Every batch mails its summary, an empty one too: operators learn from it that the batch ran
    // (and whether it ran late), and a missing mail then means a batch that did not run.
    const mail = batchSummaryMail(outcome, startedAt);
    await enqueue(trx, {
      name: 'mail.send',
      payload: { to: [deps.operationsMailbox], subject: mail.subject, text: mail.text },
      jobId: `${batchJobId(kind, batchDate)}-summary`,
    });
    return outcome;
  });
}
