import { Readable } from 'node:stream';
import type { StoredReport } from '@portal/db';
import { BlobNotFoundError, type BlobStore } from '@portal/storage';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../lib/http/content-disposition.js';
import { notFound } from '../lib/http/errors.js';
import {
  answerFileRequest,
  contentRange,
  type FileAnswer,
  type FileConditions,
  sha256Etag,
  sha256ReprDigest,
} from '../lib/http/file-conditions.js';
import { DownloadBody } from './download-body.js';

// One report downloaded as itself, so that a broken transfer can resume and the result can be
// checked: a strong ETag and Repr-Digest (RFC 9530) from the SHA-256 measured when the file was
// stored, byte ranges with If-Range, If-None-Match. The bytes go out exactly as stored (the route
// is not compressed): a content coding would change what the ETag, the digest and the ranges
// describe.

export const FILE_MISSING = 'The file of this report is missing.';
export const RANGE_NOT_SATISFIABLE = 'The requested range is not satisfiable.';

export type ReportFile = {
  answer: FileAnswer;
  /** The bytes to send; null when there are none (HEAD, 304, 416). */
  body: DownloadBody | null;
};

/** Decides the answer, and opens the file (or the range) when bytes are to be sent. */
export async function openReportFile(
  store: BlobStore,
  report: StoredReport,
  request: { method: string; headers: FileConditions },
): Promise<ReportFile> {
  const validators = { size: report.fileSize, etag: sha256Etag(report.sha256) };
  const answer = answerFileRequest(request.method, request.headers, validators);
  if (answer.status === 304 || answer.status === 416) return { answer, body: null };
  if (request.method !== 'GET') {
    // A HEAD tells what a GET would: a 404 when the file has gone.
    if (!(await store.exists(report.storageKey))) throw notFound(FILE_MISSING);
    return { answer, body: null };
  }
  const range = answer.status === 206 ? { start: answer.start, end: answer.end } : undefined;
  try {
    return { answer, body: new DownloadBody(await store.get(report.storageKey, range)) };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound(FILE_MISSING);
    throw error;
  }
}

/**
 * Whether this answer starts a download (for the audit): a resumed transfer asks for a range
 * after byte 0 and is the same download, not a new one.
 */
export function startsDownload(answer: FileAnswer): boolean {
  return answer.status === 200 || (answer.status === 206 && answer.start === 0);
}

export function sendReportFile(reply: FastifyReply, report: StoredReport, file: ReportFile) {
  const { answer } = file;
  reply.header('cache-control', 'no-store').header('etag', sha256Etag(report.sha256));
  if (answer.status === 304) return reply.code(304).send();
  reply.header('accept-ranges', 'bytes');
  if (answer.status === 416) {
    reply.code(416).header('content-range', contentRange(null, report.fileSize));
    return reply.send({ message: RANGE_NOT_SATISFIABLE });
  }
  reply
    .header('content-type', report.contentType)
    .header('content-disposition', attachmentDisposition(report.fileName))
    // The digest of the whole file on a part too: the client checks what it has put together.
    .header('repr-digest', sha256ReprDigest(report.sha256));
  if (answer.status === 206) {
    reply
      .code(206)
      .header('content-range', contentRange(answer, report.fileSize))
      .header('content-length', answer.end - answer.start + 1);
  } else {
    reply.header('content-length', report.fileSize);
  }
  // Fastify's HEAD twin keeps the Content-Length of a stream reply (it writes 0 for no payload).
  return reply.send(file.body ?? Readable.from([]));
}
