import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { type ParsedMail, simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';

export const quietLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A BullMQ prefix of its own per test file, hash-tagged like production's `{portal}`. */
export function randomPrefix(): string {
  return `{test-${randomBytes(5).toString('hex')}}`;
}

export { freePort, TEST_REDIS_URL as REDIS_URL } from '../index.js';
export { waitFor } from '../wait-for.js';

export type TestSmtpServer = { url: string; messages: ParsedMail[]; close(): Promise<void> };

/** A real SMTP server that parses and keeps every message it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return {
    url: await listenLocally(server),
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestRedisServer = { url: string; start(): Promise<void>; stop(): Promise<void> };

/** A private redis-server on its own port, which a test may stop (an outage) and start again. */
export async function startRedisServer(port: number): Promise<TestRedisServer> {
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn('redis-server', [...args, '--dir', tmpdir()], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/** Starts an SMTP server on a free port of 127.0.0.1; its URL. */
export async function listenLocally(server: SMTPServer): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  return `smtp://127.0.0.1:${port}`;
}
