import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ByteRange } from './blob-store.js';
import { BufferPool } from './buffer-pool.js';

/**
 * A stored file, or the bytes of `range` in it, read in chunks of `chunkBytes` into buffers of its
 * own pool: a chunk that the consumer gives back (`giveBack`) is read into again. Closes the file
 * however the stream ends.
 */
export class FileReadStream extends Readable {
  readonly #handle: FileHandle;
  readonly #pool: BufferPool;
  #position: number;
  /** Where reading stops (excluded): the end of the range, or never before the file's end. */
  readonly #stop: number;

  constructor(handle: FileHandle, chunkBytes: number, range?: ByteRange) {
    // One chunk read ahead while the last one is on its way.
    super({ highWaterMark: chunkBytes });
    this.#handle = handle;
    this.#pool = new BufferPool(chunkBytes);
    this.#position = range?.start ?? 0;
    this.#stop = range ? range.end + 1 : Number.POSITIVE_INFINITY;
  }

  override _read(): void {
    const buffer = this.#pool.take();
    const length = Math.min(buffer.length, this.#stop - this.#position);
    // A read of 0 bytes answers 0 as at the end of the file: the range is done.
    this.#handle.read(buffer, 0, length, this.#position).then(
      ({ bytesRead }) => {
        if (bytesRead === 0) {
          this.#pool.receive(buffer.buffer);
          this.push(null);
          return;
        }
        this.#position += bytesRead;
        this.push(buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }
}
