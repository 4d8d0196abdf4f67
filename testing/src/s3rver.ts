/// <reference path="./s3rver-module.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** s3rver's only account; it checks that a request names it but not the V4 signature itself. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type RunningS3rver = {
  /** http://127.0.0.1:<port>, for path-style requests. */
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects, one file each (plus its metadata files). */
  directory: string;
  credentials: typeof S3RVER_CREDENTIALS;
  /** The file in which s3rver keeps the object's bytes, to compare with what was sent. */
  objectFile(key: string): string;
  stop(): Promise<void>;
};

/**
 * s3rver (an S3 implementation on npm, not ours) on a port of its own, storing in a scratch folder
 * removed by stop(), with one bucket already made.
 */
export async function startS3rver(bucket = 'portal-files'): Promise<RunningS3rver> {
  // Loaded here, not at the top: the index of @portal/testing stays light for the many that never start it.
  const { default: S3rver } = await import('s3rver');
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run().catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    credentials: S3RVER_CREDENTIALS,
    objectFile: (key) => join(directory, bucket, `${key}._S3rver_object`),
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
