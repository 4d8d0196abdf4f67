import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveBack } from '../src/buffer-pool.js';
import { FileReadStream } from '../src/file-read-stream.js';
import { chunkAt } from './streams.js';

let folder: string;
let path: string;
let content: Buffer;
const CHUNK = 4096;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-file-read-'));
  path = join(folder, 'file.bin');
  // Ten chunks and a part: the last read is short.
  content = Buffer.concat([...Array.from({ length: 10 }, (_, i) => chunkAt(i, CHUNK)), chunkAt(10, 100)]);
  await writeFile(path, content);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('FileReadStream', () => {
  it('reads the whole file in chunks, even when each chunk is given back as soon as it is copied', async () => {
    const stream = new FileReadStream(await open(path, 'r'), CHUNK);
    const copies: Buffer[] = [];
    const memories = new Set<ArrayBufferLike>();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      copies.push(Buffer.from(chunk));
      memories.add(chunk.buffer);
      giveBack(chunk);
    }
    expect(sha(Buffer.concat(copies))).toBe(sha(content));
    expect(copies.map((c) => c.length)).toEqual([...Array(10).fill(CHUNK), 100]);
    // Reused: far fewer buffers than chunks (one read ahead while one is out).
    expect(memories.size).toBeLessThanOrEqual(3);
  });

  it('reads into new buffers when nothing is given back, and the chunks stay intact', async () => {
    const stream = new FileReadStream(await open(path, 'r'), CHUNK);
    const kept: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) kept.push(chunk);
    expect(new Set(kept.map((c) => c.buffer)).size).toBe(kept.length);
    expect(sha(Buffer.concat(kept))).toBe(sha(content));
  });

  it('reads a range across chunk boundaries and stops at its last byte', async () => {
    for (const [start, end] of [
      [0, CHUNK - 1],
      [CHUNK - 1, CHUNK],
      [100, 3 * CHUNK + 7],
      [5 * CHUNK, content.length - 1],
      [content.length - 1, content.length - 1],
    ] as const) {
      const stream = new FileReadStream(await open(path, 'r'), CHUNK, { start, end });
      const read: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) read.push(Buffer.from(chunk));
      expect(sha(Buffer.concat(read)), `${start}-${end}`).toBe(sha(content.subarray(start, end + 1)));
      expect(Math.max(...read.map((chunk) => chunk.length))).toBeLessThanOrEqual(CHUNK);
    }
  });

  it('closes the file when the stream is destroyed half-way', async () => {
    const handle = await open(path, 'r');
    const stream = new FileReadStream(handle, CHUNK);
    const closed = new Promise((resolve) => stream.once('close', resolve));
    for await (const _chunk of stream as AsyncIterable<Buffer>) break;
    await closed;
    expect(handle.fd).toBe(-1);
  });
});
