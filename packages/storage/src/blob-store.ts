import type { Readable } from 'node:stream';

// One interface for report files, partner logos and marketing images, whether they live on
// local disk or in an S3-compatible bucket. Keys are '/'-separated and every segment passes
// objectKeyProblem from @portal/domain/report-keys.

export type PutOptions = { contentType?: string };

/** What a put measured while the bytes streamed through. */
export type PutResult = { key: string; size: number; sha256: string };

/** Bytes `start` to `end` of a blob, both included (as HTTP's Range writes them). */
export type ByteRange = { start: number; end: number };

export type BlobStat = {
  key: string;
  size: number;
  lastModified: Date;
  contentType?: string;
};

export type BlobStore = {
  /** Stores `body` under `key`, replacing any earlier blob; a stream is never held whole in memory. */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<PutResult>;
  /**
   * The blob's bytes, or those of `range` alone (which the caller has checked against the blob's
   * size); rejects with BlobNotFoundError when there is none.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size, modification time and content type, or null when there is no such blob. */
  stat(key: string): Promise<BlobStat | null>;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every blob whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<BlobStat>;
};

export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
  }
}

export async function collectList(store: BlobStore, prefix: string): Promise<BlobStat[]> {
  const found: BlobStat[] = [];
  for await (const stat of store.list(prefix)) found.push(stat);
  return found;
}
