import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidKeyError } from '@portal/domain/reports/report-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, LocalDiskStore } from '../src/index.js';
import { blobStoreContract } from './blob-store-contract.js';
import { failingStream, generatedStream, readAll, sha256 } from './streams.js';

let base: string;
let root: string;
let store: LocalDiskStore;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'portal-storage-'));
  root = join(base, 'files');
  store = new LocalDiskStore({ root });
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function bytesIn(folder: string): Promise<number> {
  const names = await readdir(folder).catch(() => [] as string[]);
  let total = 0;
  for (const name of names) total += (await stat(join(folder, name))).size;
  return total;
}

describe('LocalDiskStore', () => {
  blobStoreContract(() => store);

  it('streams a multi-megabyte body to disk with its size and sha256, never holding it whole', async () => {
    const chunkSize = 64 * 1024;
    let writtenBeforeLastChunk = 0;
    const source = generatedStream(200, chunkSize, async () => {
      writtenBeforeLastChunk = await bytesIn(join(root, '.tmp'));
    });
    const key = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-20/large.csv';
    const put = await store.put(key, source.stream);
    expect(put).toEqual({ key, size: source.size, sha256: source.sha256 });
    // Most of the 12.5 MiB was already in the temporary file before the source produced its end.
    expect(writtenBeforeLastChunk).toBeGreaterThan(source.size / 2);
    const onDisk = await readFile(join(root, key));
    expect(onDisk.length).toBe(source.size);
    expect(sha256(onDisk)).toBe(source.sha256);
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('leaves neither the key nor a temporary file behind when the source fails', async () => {
    const key = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-21/broken.csv';
    await expect(store.put(key, failingStream(100_000))).rejects.toThrow('source went away');
    expect(await store.exists(key)).toBe(false);
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('keeps the earlier file when a replacement fails half-way', async () => {
    const key = 'Reports/EXT/BJS/TRANSACTIONS/2026-11-22/kept.csv';
    await store.put(key, Buffer.from('complete file'));
    await expect(store.put(key, failingStream(10))).rejects.toThrow();
    expect((await readAll(await store.get(key))).toString()).toBe('complete file');
  });

  it('refuses traversal, its own temporary folder and symbolic links that lead outside the root', async () => {
    const outside = join(base, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await mkdir(root, { recursive: true });
    await symlink(outside, join(root, 'escape'));

    await expect(store.put('../outside/planted.txt', Buffer.from('x'))).rejects.toBeInstanceOf(
      InvalidKeyError,
    );
    await expect(store.put('.tmp/planted', Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.put('escape/planted.txt', Buffer.from('x'))).rejects.toThrow(
      'outside the storage root',
    );
    await expect(store.get('escape/secret.txt')).rejects.toThrow('outside the storage root');
    await expect(store.delete('escape/secret.txt')).rejects.toThrow('outside the storage root');
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('reports a missing file as BlobNotFoundError and a folder as no blob', async () => {
    await store.put('Folder/inside.txt', Buffer.from('x'));
    await expect(store.get('Folder')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat('Folder')).toBeNull();
    expect(await store.exists('Folder/inside.txt/deeper')).toBe(false);
  });

  it('names content types after the file extension', async () => {
    await store.put('Reports/EXT/BJS/STATEMENTS/2026-11-01/s.xlsx', Buffer.from('x'));
    expect((await store.stat('Reports/EXT/BJS/STATEMENTS/2026-11-01/s.xlsx'))?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});
