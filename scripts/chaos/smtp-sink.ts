import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  /** Every Message-ID received, once per delivery (a duplicate appears twice). */
  received: string[];
  /**
   * Holds the next message's SMTP conversation at MAIL FROM for `ms`, and resolves when a worker
   * is there: that worker is in the middle of a mail job.
   */
  holdNext(ms: number): Promise<void>;
  close(): Promise<void>;
};

/** A real SMTP server for the fault suite; it counts Message-IDs rather than keeping messages. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: string[] = [];
  let hold: { ms: number; reached: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const held = hold;
      hold = undefined;
      if (!held) return callback();
      held.reached();
      setTimeout(() => callback(), held.ms);
    },
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
        received.push(id ?? '(none)');
        callback();
      });
    },
  });
  // A worker killed mid-conversation resets its connection: expected here, not a crash.
  server.on('error', () => {});
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    holdNext: (ms) =>
      new Promise<void>((resolve) => {
        hold = { ms, reached: resolve };
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
