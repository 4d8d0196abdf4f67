import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A sleep that `wake()` (a NOTIFY, or stop) can cut short. A wake that comes while nobody
 * sleeps (a NOTIFY during a pass) is kept, so the next sleep ends at once.
 */
export class Wakeup {
  private pending: (() => void) | undefined;
  private woken = false;

  wake(): void {
    if (this.pending) this.pending();
    else this.woken = true;
  }

  wait(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.pending === done) this.pending = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending = done;
    });
  }
}

export type OutboxListener = {
  /** Resolves once LISTEN is in place (tests wait on it). */
  listening: Promise<void>;
  close(): Promise<void>;
};

const RECONNECT_MS = 5000;

/**
 * LISTEN 'outbox' on a dedicated connection (never a pooled one: it stays open for the process).
 * If that connection drops it is opened again; meanwhile the relay's poll keeps rows moving.
 */
export function listenForOutbox(pool: pg.Pool, onNotify: () => void, logger: Logger): OutboxListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let markListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  const open = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    next.on('notification', onNotify);
    next.on('error', (error) => {
      logger.warn({ err: error }, 'outbox LISTEN connection lost; relying on polling until it is back');
      next.end().catch(() => {});
      if (client === next) client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await next.query('listen outbox');
      if (closed) await next.end();
      else {
        client = next;
        markListening();
      }
    } catch (error) {
      logger.warn({ err: error }, 'could not LISTEN on outbox; polling only for now');
      next.end().catch(() => {});
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, RECONNECT_MS);
  };

  void open();
  return {
    listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
