import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlobStore, LocalDiskStore, S3Store, StorageConfigError, s3Options } from '../src/index.js';

describe('createBlobStore', () => {
  it('defaults to the local store in data/files', () => {
    const store = createBlobStore({});
    expect(store).toBeInstanceOf(LocalDiskStore);
    expect((store as LocalDiskStore).root).toBe(resolve('data/files'));
    expect((createBlobStore({ STORAGE_DIR: '/srv/portal' }) as LocalDiskStore).root).toBe('/srv/portal');
  });

  it('builds an S3 store from the S3 variables', async () => {
    const store = createBlobStore({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal-files',
      S3_REGION: 'us-east-2',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(store).toBeInstanceOf(S3Store);
    const s3 = store as S3Store;
    expect(s3.bucket).toBe('portal-files');
    expect(await s3.client.config.region()).toBe('us-east-2');
    expect(s3.client.config.forcePathStyle).toBe(true);
    s3.client.destroy();
  });

  it('uses virtual-host addressing on AWS unless told otherwise', () => {
    expect(s3Options({ S3_BUCKET: 'b' })).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      s3Options({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }),
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('passes the checksum calculation to the client', async () => {
    expect(s3Options({ S3_BUCKET: 'b', S3_CHECKSUM_CALCULATION: 'when_required' })).toMatchObject({
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    expect(s3Options({ S3_BUCKET: 'b' })).not.toHaveProperty('requestChecksumCalculation');
    const store = createBlobStore({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    }) as S3Store;
    expect(await store.client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    store.client.destroy();
  });

  it('stops on a wrong value with a message naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
      [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
      [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
      [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
      [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
      [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
      [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_CHECKSUM_CALCULATION: 'never' }, 'S3_CHECKSUM_CALCULATION'],
    ];
    for (const [config, variable] of cases) {
      expect(() => createBlobStore(config)).toThrow(StorageConfigError);
      expect(() => createBlobStore(config)).toThrow(new RegExp(`^${variable}: `));
    }
  });
});
