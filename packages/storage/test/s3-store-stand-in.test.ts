import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { waitFor } from '@portal/testing/wait-for';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Store } from '../src/index.js';
import { MIN_PART_SIZE, S3StandIn } from './s3-stand-in.js';
import { failingStream, generatedStream, readAll, sha256 } from './streams.js';

const standIn = new S3StandIn(['portal-reports']);
let store: S3Store;
let endpoint: string;

beforeAll(async () => {
  endpoint = await standIn.start();
  store = new S3Store({
    bucket: 'portal-reports',
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'stand-in', secretAccessKey: 'stand-in-secret' },
    partSize: MIN_PART_SIZE,
    queueSize: 2,
  });
});
afterAll(async () => {
  store?.client.destroy();
  await standIn.stop();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

// What s3rver (s3-store.test.ts) cannot show: the requests an upload makes and when, the abort of a
// failed multipart upload (s3rver answers AbortMultipartUpload with 405), listings past one page
// without a thousand puts, and decoding aws-chunked bodies with their trailing checksums (s3rver
// stores the framing as the object).
describe('S3Store against the S3 stand-in', () => {
  it('sends a small body as one PutObject with its content type', async () => {
    const key = 'Reports/EXT/WSI/ACCOUNTS/2026-11-16/accounts.csv';
    await store.put(key, Buffer.from('Account Number\nXXXX-XXXX-XXXX-1234\n'), { contentType: 'text/csv' });
    expect(standIn.operations()).toEqual(['PutObject']);
    expect(standIn.buckets.get('portal-reports')?.get(key)?.contentType).toBe('text/csv');
  });

  it('streams a large body as a multipart upload with its size and sha256', async () => {
    const chunkSize = 256 * 1024;
    let operationsBeforeLastChunk: string[] = [];
    const source = generatedStream(52, chunkSize, () => {
      operationsBeforeLastChunk = standIn.operations();
    });
    const key = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-20/large.csv';
    const put = await store.put(key, source.stream, { contentType: 'text/csv' });
    expect(put).toEqual({ key, size: source.size, sha256: source.sha256 });

    // 13 MiB in 5 MiB parts: the first parts went up before the source had produced its end.
    expect(operationsBeforeLastChunk).toContain('CreateMultipartUpload');
    expect(operationsBeforeLastChunk.filter((op) => op === 'UploadPart').length).toBeGreaterThanOrEqual(1);
    const ops = standIn.operations();
    expect(ops.filter((op) => op === 'UploadPart')).toHaveLength(3);
    expect(ops.at(-1)).toBe('CompleteMultipartUpload');

    const back = await readAll(await store.get(key));
    expect(back.length).toBe(source.size);
    expect(sha256(back)).toBe(source.sha256);
    expect(await store.stat(key)).toMatchObject({ size: source.size, contentType: 'text/csv' });
  });

  it('aborts the multipart upload and stores nothing when the source fails', async () => {
    const key = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-21/broken.csv';
    // The source fails only once a part has gone up, so there is a multipart upload to abort.
    const partSent = async () => {
      await waitFor(
        'an UploadPart at the S3 stand-in',
        () => standIn.operations().includes('UploadPart'),
        5000,
        10,
      );
    };
    await expect(store.put(key, failingStream(2 * MIN_PART_SIZE + 1024, partSent))).rejects.toThrow(
      'source went away',
    );
    expect(await store.exists(key)).toBe(false);
    expect(standIn.operations()).toContain('AbortMultipartUpload');
    expect(standIn.uploads.size).toBe(0);
  });

  it('pages through long listings', async () => {
    const many = new S3Store({
      bucket: 'portal-reports',
      client: store.client,
    });
    const keys = Array.from({ length: 1205 }, (_, i) => `Paging/file-${String(i).padStart(5, '0')}.csv`);
    const bucket = standIn.buckets.get('portal-reports');
    for (const key of keys) {
      bucket?.set(key, {
        data: Buffer.from('x'),
        etag: '"x"',
        contentType: 'text/csv',
        lastModified: new Date(),
        metadata: {},
      });
    }
    const listed: string[] = [];
    for await (const stat of many.list('Paging/')) listed.push(stat.key);
    expect(listed).toEqual(keys);
    expect(standIn.operations().filter((op) => op === 'ListObjectsV2')).toHaveLength(2);
  });

  it('refuses a ranged GetObject answered with other bytes than asked for', async () => {
    // The stand-in answers every GetObject with the whole object, as a server ignoring Range would.
    const key = 'Reports/EXT/BJS/SETTLEMENT/2026-11-22/whole.csv';
    await store.put(key, Buffer.from('0123456789'));
    await expect(store.get(key, { start: 2, end: 5 })).rejects.toThrow(
      `GetObject ${key} sent 10 bytes for bytes=2-5`,
    );
  });
});

describe('S3 stand-in', () => {
  it('refuses unsigned requests and unknown buckets as S3 does', async () => {
    const unsigned = await fetch(`${endpoint}/portal-reports/Logos/BJS.png`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    const missing = new S3Store({ bucket: 'no-such-bucket', client: store.client });
    await expect(missing.put('a.txt', Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('decodes an aws-chunked streaming PutObject and checks its trailing checksum', async () => {
    const body = Buffer.from('Transaction Date,Merchant\n'.repeat(1000));
    await store.client.send(
      new PutObjectCommand({
        Bucket: 'portal-reports',
        Key: 'Chunked/stream.csv',
        Body: Readable.from([body.subarray(0, 9000), body.subarray(9000)], { objectMode: false }),
        ContentLength: body.length,
      }),
    );
    expect(standIn.requests.at(-1)).toMatchObject({ operation: 'PutObject', awsChunked: true });
    expect(standIn.buckets.get('portal-reports')?.get('Chunked/stream.csv')?.data).toEqual(body);
  });

  it('refuses a body that does not match its checksum', async () => {
    const reply = await store.client
      .send(
        new PutObjectCommand({
          Bucket: 'portal-reports',
          Key: 'Bad/x.txt',
          Body: 'abc',
          ChecksumCRC32: 'AAAAAA==',
        }),
      )
      .catch((error: Error) => error);
    expect(reply).toMatchObject({ name: 'BadDigest' });
  });
});
