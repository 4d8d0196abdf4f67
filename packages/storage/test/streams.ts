import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/** Deterministic bytes: chunk i is filled from a tiny linear congruential sequence seeded by i. */
export function chunkAt(index: number, size: number): Buffer {
  const chunk = Buffer.alloc(size);
  let state = (index * 2654435761) >>> 0;
  for (let offset = 0; offset < size; offset += 4) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    chunk.writeUInt32LE(state, offset);
  }
  return chunk;
}

export type GeneratedStream = { stream: Readable; size: number; sha256: string };

/**
 * A stream of `chunks` chunks of `chunkSize` bytes, produced on demand. `beforeLast` runs when the
 * last chunk is about to be produced: by then a streaming consumer has already passed most bytes on.
 */
export function generatedStream(
  chunks: number,
  chunkSize: number,
  beforeLast?: () => Promise<void> | void,
): GeneratedStream {
  const hash = createHash('sha256');
  for (let i = 0; i < chunks; i++) hash.update(chunkAt(i, chunkSize));
  async function* produce() {
    for (let i = 0; i < chunks; i++) {
      if (i === chunks - 1) await beforeLast?.();
      yield chunkAt(i, chunkSize);
    }
  }
  return {
    stream: Readable.from(produce(), { objectMode: false }),
    size: chunks * chunkSize,
    sha256: hash.digest('hex'),
  };
}

/** A stream that fails after sending `good` bytes (and after `beforeFailure`, when given). */
export function failingStream(good: number, beforeFailure?: () => Promise<void>): Readable {
  async function* produce() {
    yield chunkAt(0, good);
    await beforeFailure?.();
    throw new Error('source went away');
  }
  return Readable.from(produce(), { objectMode: false });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
