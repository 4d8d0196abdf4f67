// Read buffers that can be used again. A 1 MB read into a fresh buffer leaves a megabyte for the
// garbage collector, and V8 collects buffers (memory outside its heap) only after about 64 MB of
// them have piled up: a download of a few hundred megabytes grew the API by 80-90 MB that way. A
// pooled buffer is read into again once whoever sent it hands it back (`giveBack`), so a download
// holds the few buffers in flight. A consumer that never hands a chunk back only costs the pool a
// new buffer: giving back is an optimisation, never needed for correctness.

const owners = new WeakMap<ArrayBufferLike, BufferPool>();

export class BufferPool {
  readonly #free: Buffer[] = [];
  readonly #out = new Set<ArrayBufferLike>();

  /** `size`: bytes per buffer; `keep`: buffers kept for reuse once given back. */
  constructor(
    readonly size: number,
    readonly keep = 8,
  ) {}

  /** A buffer of `size` bytes for this caller alone until it is given back. */
  take(): Buffer {
    const buffer = this.#free.pop() ?? Buffer.allocUnsafeSlow(this.size);
    owners.set(buffer.buffer, this);
    this.#out.add(buffer.buffer);
    return buffer;
  }

  /** Buffers taken and not yet given back. */
  get inUse(): number {
    return this.#out.size;
  }

  receive(memory: ArrayBufferLike): void {
    // Twice given back would hand one buffer to two readers: only a buffer out counts.
    if (!this.#out.delete(memory)) return;
    if (this.#free.length < this.keep) this.#free.push(Buffer.from(memory, 0, this.size));
  }
}

/**
 * Hands the memory of `chunk` (a pooled buffer or a part of one) back to its pool. Call it only
 * once nothing will read the chunk again: for a socket, in the callback of its write. Chunks of
 * any other memory are ignored.
 */
export function giveBack(chunk: Buffer): void {
  owners.get(chunk.buffer)?.receive(chunk.buffer);
}
