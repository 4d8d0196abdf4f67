import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { type RunningS3rver, startS3rver } from '@portal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3ChecksumCalculation, S3Store } from '../src/index.js';
import { blobStoreContract } from './blob-store-contract.js';
import { generatedStream, readAll, sha256 } from './streams.js';

// S3Store against s3rver, an S3 implementation someone else wrote (npm s3rver). What it cannot
// show is in s3-store-stand-in.test.ts.
const MIN_PART_SIZE = 5 * 1024 * 1024;
let s3: RunningS3rver;
const stores: S3Store[] = [];

function storeWith(requestChecksumCalculation: S3ChecksumCalculation): S3Store {
  const store = new S3Store({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
    partSize: MIN_PART_SIZE,
    queueSize: 2,
    requestChecksumCalculation,
  });
  stores.push(store);
  return store;
}

beforeAll(async () => {
  s3 = await startS3rver('portal-reports');
});
afterAll(async () => {
  for (const store of stores) store.client.destroy();
  await s3?.stop();
});

describe('S3Store on s3rver', () => {
  let store: S3Store;
  beforeAll(() => {
    store = storeWith('WHEN_REQUIRED');
  });

  blobStoreContract(() => store);

  it('stores a streamed multipart put and a single-part put byte for byte', async () => {
    const large = generatedStream(52, 256 * 1024);
    const largeKey = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-20/large.csv';
    expect(await store.put(largeKey, large.stream, { contentType: 'text/csv' })).toEqual({
      key: largeKey,
      size: large.size,
      sha256: large.sha256,
    });
    const largeFile = await readFile(s3.objectFile(largeKey));
    expect(largeFile.length).toBe(large.size);
    expect(sha256(largeFile)).toBe(large.sha256);
    expect(sha256(await readAll(await store.get(largeKey)))).toBe(large.sha256);
    expect(await store.stat(largeKey)).toMatchObject({ size: large.size, contentType: 'text/csv' });

    const small = generatedStream(3, 64 * 1024);
    const smallKey = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-20/small.csv';
    await store.put(smallKey, small.stream);
    expect(sha256(await readFile(s3.objectFile(smallKey)))).toBe(small.sha256);
  });
});

describe('S3_CHECKSUM_CALCULATION on s3rver', () => {
  it('keeps a streamed PutObject body as sent with WHEN_REQUIRED, where the default stores its framing', async () => {
    const body = Buffer.from('Transaction Date,Merchant\n'.repeat(1000));
    const stored = async (mode: S3ChecksumCalculation) => {
      const key = `Chunked/${mode}.csv`;
      await storeWith(mode).client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: Readable.from([body.subarray(0, 9000), body.subarray(9000)], { objectMode: false }),
          ContentLength: body.length,
        }),
      );
      return readFile(s3.objectFile(key));
    };
    expect(await stored('WHEN_REQUIRED')).toEqual(body);
    // aws-chunked: each chunk is preceded by its length in hex, and a trailer carries the checksum.
    const framed = await stored('WHEN_SUPPORTED');
    expect(framed.length).toBeGreaterThan(body.length);
    expect(framed.toString()).toMatch(/^2328\r\n/);
    expect(framed.toString()).toContain('x-amz-checksum-crc32:');
  });
});
