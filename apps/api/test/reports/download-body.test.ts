import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BufferPool } from '@portal/storage';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DownloadBody } from '../../src/reports/download-body.js';

const CHUNK = 64 * 1024;
const CHUNKS = 64; // 4 MB: far more than the socket and the streams hold at once

/** A source whose chunks come from one pool, each filled with its own index. */
function pooledSource(pool: BufferPool, memories: Set<ArrayBufferLike>) {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < CHUNKS; i++) {
        const chunk = pool.take();
        chunk.fill(i % 251);
        memories.add(chunk.buffer);
        yield chunk;
      }
    })(),
    { objectMode: false, highWaterMark: CHUNK },
  );
}

const expected = () => {
  const hash = createHash('sha256');
  for (let i = 0; i < CHUNKS; i++) hash.update(Buffer.alloc(CHUNK, i % 251));
  return hash.digest('hex');
};

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

let folder: string | undefined;
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * Serves `body` on a Unix socket (its kernel buffers hold a few hundred KB, far less than the
 * body, where loopback TCP may take it all), and returns how to reach it and the server's reply.
 */
async function serve(body: DownloadBody) {
  folder ??= await mkdtemp(join(tmpdir(), 'portal-download-body-'));
  const socketPath = join(folder, `${randomUUID()}.sock`);
  let reply: ServerResponse | undefined;
  server = createServer((_request, response) => {
    reply = response;
    body.pipe(response);
  });
  server.listen(socketPath);
  await once(server, 'listening');
  return { socketPath, reply: () => reply };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A client that reads nothing until the server's socket holds a write it could not finish (the
 * moment a buffer given back too early would be overwritten while still unsent), then reads all.
 */
async function stalledRead({ socketPath, reply }: Awaited<ReturnType<typeof serve>>): Promise<Buffer[]> {
  const response = await new Promise<IncomingMessage>((resolve) => get({ socketPath, path: '/' }, resolve));
  response.pause();
  for (let i = 0; i < 10_000 && !((reply()?.writableLength ?? 0) > 0); i++) await turn();
  expect(reply()?.writableLength).toBeGreaterThan(0);
  const received: Buffer[] = [];
  for await (const chunk of response) received.push(chunk as Buffer);
  return received;
}

describe('DownloadBody', () => {
  it('sends every byte intact while the socket gives each pooled buffer back to be read into again', async () => {
    const pool = new BufferPool(CHUNK);
    const memories = new Set<ArrayBufferLike>();
    const body = new DownloadBody(pooledSource(pool, memories));
    const received = await stalledRead(await serve(body));
    const sent = Buffer.concat(received);
    expect(sent.length).toBe(CHUNK * CHUNKS);
    expect(createHash('sha256').update(sent).digest('hex')).toBe(expected());
    expect(body.bytes).toBe(CHUNK * CHUNKS);
    // Given back as sent: a handful of buffers served all 64 chunks.
    expect(memories.size).toBeLessThan(CHUNKS / 4);
    expect(pool.inUse).toBe(0);
  });

  it('stops reading its source when the client goes away', async () => {
    const pool = new BufferPool(CHUNK);
    const source = pooledSource(pool, new Set());
    const body = new DownloadBody(source);
    const { socketPath } = await serve(body);
    const response = await new Promise<IncomingMessage>((resolve) => get({ socketPath, path: '/' }, resolve));
    await once(response, 'data');
    const closed = new Promise((resolve) => source.once('close', resolve));
    response.destroy();
    await closed;
    expect(source.destroyed).toBe(true);
    expect(body.bytes).toBeLessThan(CHUNK * CHUNKS);
  });
});
