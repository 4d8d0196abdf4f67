import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { giveBack } from '@portal/storage';

/**
 * The body of a download: the chunks of `source`, counted for the audit log. Fastify sends a
 * stream by calling its `pipe(response)`; this one writes each chunk with a callback instead and
 * gives the chunk's buffer back to the store's pool (`giveBack`) once the socket has sent it, so a
 * download of any size reads into the same few buffers. Waits for `drain` as pipe does.
 */
export class DownloadBody extends Readable {
  bytes = 0;
  readonly #source: Readable;
  readonly #stop = new AbortController();
  #sent = false;

  constructor(source: Readable) {
    super();
    this.#source = source;
    source.once('error', (error) => this.destroy(error));
  }

  override _read(): void {}

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const writable = destination as unknown as Writable;
    // The client went away: stop reading (the source's file closes with it).
    writable.once('close', () => {
      if (!this.#sent) this.destroy();
    });
    this.#send(writable, options?.end !== false).catch((error: Error) => this.destroy(error));
    return destination;
  }

  async #send(destination: Writable, end: boolean): Promise<void> {
    for await (const chunk of this.#source as AsyncIterable<Buffer>) {
      this.bytes += chunk.length;
      // After an error the socket may still hold the chunk: only a clean write gives it back.
      const sent = destination.write(chunk, (error) => {
        if (!error) giveBack(chunk);
      });
      if (!sent) await once(destination, 'drain', { signal: this.#stop.signal });
    }
    if (this.destroyed) return;
    this.#sent = true;
    if (end) destination.end();
    this.push(null);
    this.resume(); // nothing reads this stream itself: let it end
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#stop.abort();
    this.#source.destroy();
    callback(error);
  }
}
