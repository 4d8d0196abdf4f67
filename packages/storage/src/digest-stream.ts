import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** A pass-through stream that counts bytes and computes their sha256 as they flow. */
export class DigestStream extends Transform {
  #hash = createHash('sha256');
  #size = 0;
  #sha256: string | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#hash.update(chunk);
    this.#size += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#sha256 = this.#hash.digest('hex');
    callback();
  }

  // Not called `size`: lib-storage reads a body's `size` as its total length before it starts.
  get byteCount(): number {
    return this.#size;
  }

  /** Available once the stream has ended. */
  get sha256(): string {
    if (this.#sha256 === undefined) throw new Error('DigestStream has not ended');
    return this.#sha256;
  }
}

export function sha256Of(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}
