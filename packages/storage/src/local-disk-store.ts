import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, realpath, rename, rm, stat, unlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeObjectKey, InvalidKeyError } from '@portal/domain/reports/report-keys';
import { ENV_DEFAULTS } from '@portal/process/env';
import {
  BlobNotFoundError,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type PutResult,
} from './blob-store.js';
import { contentTypeForFileName } from './content-types.js';
import { DigestStream } from './digest-stream.js';
import { FileReadStream } from './file-read-stream.js';

export const DEFAULT_STORAGE_DIR = ENV_DEFAULTS.STORAGE_DIR;

// Uploads land here first and are renamed into place, so a reader never sees half a file.
// It sits inside the root to stay on the same file system, which keeps the rename atomic.
const TEMP_DIR = '.tmp';

export type LocalDiskStoreOptions = { root?: string };

/** The size of each read of a stored file. */
export const READ_CHUNK_BYTES = 1024 * 1024;

export class LocalDiskStore implements BlobStore {
  readonly root: string;
  #realRoot: Promise<string> | undefined;

  constructor(options: LocalDiskStoreOptions = {}) {
    this.root = resolve(options.root ?? DEFAULT_STORAGE_DIR);
  }

  // On disk the content type follows from the file name, so options.contentType is not kept.
  async put(key: string, body: Readable | Buffer, _options: PutOptions = {}): Promise<PutResult> {
    const path = this.#pathFor(key);
    const parent = resolve(path, '..');
    await mkdir(parent, { recursive: true });
    await this.#assertInsideRoot(parent, key);
    const tempDir = join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const tempPath = join(tempDir, `${randomUUID()}.part`);
    const digest = new DigestStream();
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, digest, createWriteStream(tempPath, { flags: 'wx', flush: true }));
      await rename(tempPath, path);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { key, size: digest.byteCount, sha256: digest.sha256 };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = await this.#existingPath(key);
    if (!path) throw new BlobNotFoundError(key);
    const handle = await open(path, 'r');
    // 1 MB reads: 64 KB (the default) spends more time per chunk than copying it; measured with
    // scripts/bench/zip-writers.ts and reports.ts. Backpressure keeps at most a few in memory, and
    // a download gives each one back to be read into again (file-read-stream.ts).
    return new FileReadStream(handle, READ_CHUNK_BYTES, range);
  }

  async stat(key: string): Promise<BlobStat | null> {
    const path = await this.#existingPath(key);
    if (!path) return null;
    const info = await stat(path);
    return { key, size: info.size, lastModified: info.mtime, contentType: contentTypeForFileName(key) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.#existingPath(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const path = await this.#existingPath(key);
    if (path) await unlink(path).catch(ignoreMissing);
  }

  async *list(prefix: string): AsyncIterable<BlobStat> {
    const slash = prefix.lastIndexOf('/');
    const folderKey = slash >= 0 ? prefix.slice(0, slash) : '';
    const folder = folderKey ? this.#pathFor(folderKey) : this.root;
    const found: BlobStat[] = [];
    await this.#walk(folder, folderKey, prefix, found);
    found.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    yield* found;
  }

  async #walk(folder: string, folderKey: string, prefix: string, found: BlobStat[]): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    for (const entry of entries) {
      if (!folderKey && entry.name === TEMP_DIR) continue;
      const key = folderKey ? `${folderKey}/${entry.name}` : entry.name;
      // Only keys that could still start with the prefix are worth descending into.
      if (!key.startsWith(prefix) && !prefix.startsWith(`${key}/`)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await this.#walk(path, key, prefix, found);
      else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(path);
        found.push({
          key,
          size: info.size,
          lastModified: info.mtime,
          contentType: contentTypeForFileName(key),
        });
      }
    }
  }

  /** The file path of `key`, refusing keys that are unsafe or would land outside the root. */
  #pathFor(key: string): string {
    assertSafeObjectKey(key);
    if (key.split('/')[0] === TEMP_DIR) throw new InvalidKeyError(`key may not start with ${TEMP_DIR}/`);
    const path = resolve(this.root, ...key.split('/'));
    const inside = relative(this.root, path);
    if (inside === '' || isAbsolute(inside) || inside.split(sep)[0] === '..') {
      throw new InvalidKeyError(`key ${JSON.stringify(key)} resolves outside the storage root`);
    }
    return path;
  }

  /** The real path of an existing regular file for `key`, or null; symbolic links may not lead out. */
  async #existingPath(key: string): Promise<string | null> {
    const path = this.#pathFor(key);
    let real: string;
    try {
      real = await realpath(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    await this.#assertInsideRoot(real, key);
    const info = await stat(real);
    return info.isFile() ? real : null;
  }

  async #assertInsideRoot(path: string, key: string): Promise<void> {
    this.#realRoot ??= mkdir(this.root, { recursive: true }).then(() => realpath(this.root));
    const realRoot = await this.#realRoot;
    const real = await realpath(path);
    const inside = relative(realRoot, real);
    if (isAbsolute(inside) || inside.split(sep)[0] === '..') {
      throw new InvalidKeyError(`key ${JSON.stringify(key)} resolves outside the storage root`);
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}
