import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listenLocally } from '../workers/helpers.js';

export type SmtpSink = { url: string; close(): Promise<void> };

/**
 * A real SMTP server (smtp-server) the portal under test sends its mail to. Each message it
 * accepts is written whole to `dir` as an .eml file, where the browser tests (other processes)
 * read what arrived.
 */
export async function startSmtpSink(dir: string): Promise<SmtpSink> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const path = join(dir, `${Date.now()}-${count}.eml`);
        writeFile(`${path}.tmp`, Buffer.concat(chunks))
          .then(() => rename(`${path}.tmp`, path))
          .then(() => callback(), callback);
      });
    },
  });
  return {
    url: await listenLocally(server),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message the SMTP server has received so far, parsed. */
export async function receivedMail(dir: string): Promise<ParsedMail[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => simpleParser(await readFile(join(dir, name)))));
}
