import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { BufferPool } from './buffer-pool.js';

/**
 * A stored file read in chunks of `chunkBytes` into buffers of its own pool: a chunk that the
 * consumer gives back (`giveBack`) is read into again. Closes the file however the stream ends.
 */
export class FileReadStream extends Readable {
  readonly #handle: FileHandle;
  readonly #pool: BufferPool;
  #position = 0;

  constructor(handle: FileHandle, chunkBytes: number) {
    // One chunk read ahead while the last one is on its way.
    super({ highWaterMark: chunkBytes });
    this.#handle = handle;
    this.#pool = new BufferPool(chunkBytes);
  }

  override _read(): void {
    const buffer = this.#pool.take();
    this.#handle.read(buffer, 0, buffer.length, this.#position).then(
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
