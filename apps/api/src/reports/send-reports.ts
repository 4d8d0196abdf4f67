import type { Readable } from 'node:stream';
import type { StoredReport } from '@portal/db';
import { BlobNotFoundError, type BlobStore } from '@portal/storage';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../lib/http/content-disposition.js';
import { notFound } from '../lib/http/errors.js';
import { DownloadBody } from './download-body.js';
import { FILE_MISSING } from './send-report-file.js';
import { zipEntries } from './zip-writer.js';

// The body of a download of two or three reports: a zip written while it is sent. Nothing is
// assembled in memory or on disk; backpressure from the client paces the reads, so memory stays
// flat whatever the file sizes.

// Already compressed: deflating them again costs time and saves nothing.
const COMPRESSED = /\.(xlsx|zip|gz|png|jpe?g|pdf|docx|pptx)$/i;

/** Opens every file before a byte is sent, so a missing one is a clean 404 rather than a cut-off. */
export async function openReports(store: BlobStore, reports: StoredReport[]): Promise<Readable[]> {
  const opened: Readable[] = [];
  try {
    for (const report of reports) opened.push(await store.get(report.storageKey));
  } catch (error) {
    for (const body of opened) body.destroy();
    if (error instanceof BlobNotFoundError) throw notFound(FILE_MISSING);
    throw error;
  }
  return opened;
}

/** Names inside the zip: the file names, with the report date in front of any that repeat. */
export function zipEntryNames(reports: StoredReport[]): string[] {
  const counts = new Map<string, number>();
  for (const r of reports) counts.set(r.fileName, (counts.get(r.fileName) ?? 0) + 1);
  const names = reports.map((r) =>
    (counts.get(r.fileName) ?? 0) > 1 ? `${r.reportDate}_${r.fileName}` : r.fileName,
  );
  // The same name on the same date cannot happen for live reports, but a zip must not repeat one.
  return names.map((name, i) => (names.indexOf(name) === i ? name : `${i + 1}_${name}`));
}

export function zipFileName(reports: StoredReport[]): string {
  const [first] = reports;
  const sameCategory =
    first &&
    reports.every((r) => r.partnerCode === first.partnerCode && r.categoryCode === first.categoryCode);
  return sameCategory ? `${first.partnerCode}_${first.categoryCode}_reports.zip` : 'reports.zip';
}

/**
 * Deflate level of the entries that are not stored: level 1 deflates csv at ~100 MB/s a core and
 * keeps most of level 6's gain on such text (zip-writers bench).
 */
const DEFLATE_LEVEL = 1;

/** A zip of the opened files, produced as it is read. */
export function zipStream(reports: StoredReport[], bodies: Readable[]): Readable {
  const names = zipEntryNames(reports);
  const archive = zipEntries(
    reports.map((report, i) => ({
      name: names[i] as string,
      source: bodies[i] as Readable,
      date: report.lastModified,
      store: COMPRESSED.test(report.fileName),
      size: report.fileSize,
    })),
    { deflateLevel: DEFLATE_LEVEL },
  );
  // However the archive ends (finished, failed, or the client went away), no file stays open.
  const closeAll = () => {
    for (const body of bodies) body.destroy();
  };
  archive.on('error', closeAll);
  archive.on('close', closeAll);
  return archive;
}

export type ZipDownload = {
  fileName: string;
  body: DownloadBody;
};

/**
 * Two or three reports as a zip, every file opened before a byte is sent. A zip is written as it
 * is sent, so it has no size, digest or ranges known in advance (one report: send-report-file.ts).
 */
export async function openZipDownload(store: BlobStore, reports: StoredReport[]): Promise<ZipDownload> {
  const bodies = await openReports(store, reports);
  return { fileName: zipFileName(reports), body: new DownloadBody(zipStream(reports, bodies)) };
}

export function sendZipDownload(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
