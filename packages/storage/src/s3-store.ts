import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeObjectKey } from '@portal/domain/reports/report-keys';
import {
  BlobNotFoundError,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type PutResult,
} from './blob-store.js';
import { DEFAULT_CONTENT_TYPE } from './content-types.js';
import { DigestStream, sha256Of } from './digest-stream.js';

export type S3StoreOptions = {
  bucket: string;
  region?: string;
  /** An S3-compatible endpoint (MinIO, Ceph, a stand-in); AWS itself when absent. */
  endpoint?: string;
  /** Bucket in the path (https://host/bucket/key) rather than the host name. */
  forcePathStyle?: boolean;
  /** Without credentials the SDK's default provider chain applies (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bodies larger than one part go up as a multipart upload; S3's minimum part is 5 MiB. */
  partSize?: number;
  /** Parts in flight at once: memory used is at most partSize × queueSize. */
  queueSize?: number;
  /**
   * When the SDK adds a checksum to a request. WHEN_SUPPORTED (the SDK's default) sends a streamed
   * PutObject body with aws-chunked framing and a trailing checksum; some S3-compatible servers
   * (s3rver among them) keep that framing as the object's bytes. WHEN_REQUIRED sends the body as it is.
   */
  requestChecksumCalculation?: S3ChecksumCalculation;
  /** A ready client, e.g. shared with other code; the connection options above are then ignored. */
  client?: S3Client;
};

export const S3_CHECKSUM_CALCULATIONS = ['WHEN_SUPPORTED', 'WHEN_REQUIRED'] as const;
export type S3ChecksumCalculation = (typeof S3_CHECKSUM_CALCULATIONS)[number];

export class S3Store implements BlobStore {
  readonly bucket: string;
  readonly client: S3Client;
  readonly #partSize: number;
  readonly #queueSize: number;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.#partSize = options.partSize ?? 8 * 1024 * 1024;
    this.#queueSize = options.queueSize ?? 4;
    const config: S3ClientConfig = {
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle ?? false,
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    if (options.requestChecksumCalculation) {
      config.requestChecksumCalculation = options.requestChecksumCalculation;
    }
    this.client = options.client ?? new S3Client(config);
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<PutResult> {
    assertSafeObjectKey(key);
    const ContentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
    if (Buffer.isBuffer(body)) {
      await this.#upload(key, body, ContentType);
      return { key, size: body.length, sha256: sha256Of(body) };
    }
    const digest = new DigestStream();
    body.on('error', (error) => digest.destroy(error));
    body.pipe(digest);
    await this.#upload(key, digest, ContentType).catch((error) => {
      body.unpipe(digest);
      digest.destroy();
      body.destroy();
      throw error;
    });
    return { key, size: digest.byteCount, sha256: digest.sha256 };
  }

  async #upload(key: string, Body: Readable | Buffer, ContentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body, ContentType },
      partSize: this.#partSize,
      queueSize: this.#queueSize,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeObjectKey(key);
    // A ranged GetObject: the bucket sends only those bytes.
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range }));
      if (!(reply.Body instanceof Readable)) throw new Error(`GetObject ${key} returned no readable body`);
      // Other bytes than asked for (an object replaced by a shorter one since the caller read its
      // size, or a server that misreads the range) must not go out under the caller's length.
      const expected = range && range.end - range.start + 1;
      if (expected !== undefined && reply.ContentLength !== expected) {
        reply.Body.destroy();
        throw new Error(`GetObject ${key} sent ${reply.ContentLength} bytes for ${Range}`);
      }
      return reply.Body;
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertSafeObjectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const stat: BlobStat = {
        key,
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
      };
      if (head.ContentType) stat.contentType = head.ContentType;
      return stat;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertSafeObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<BlobStat> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const item of page.Contents ?? []) {
        if (item.Key === undefined) continue;
        yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
    }
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
