// On demand: which streaming zip writer and which read chunk size deliver three files nearest to
// the speed of reading them (the choice behind apps/api/src/reports/zip-writer.ts).
//   npx tsx scripts/bench/zip-writers.ts [--file-mb 200]
// Writes three random (incompressible, like xlsx) files to a scratch folder, then for each chunk
// size reads them to /dev/null (the floor) and zips them, stored, through each writer into a
// byte-counting sink, in the same process.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { zipEntries } from '@portal/api/reports/zip-writer';
import * as archiverModule from 'archiver';
import yazl from 'yazl';
import ZipStream from 'zip-stream';

const MB = 1024 * 1024;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

type Archive = Readable & {
  append(source: Readable, data: { name: string; store?: boolean }): void;
  finalize(): Promise<void>;
};
const { ZipArchive } = archiverModule as unknown as {
  ZipArchive: new (options: { zlib?: { level: number } }) => Archive;
};

const sink = () => {
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { stream, bytes: () => bytes };
};

type Writer = (paths: string[], chunk: number) => Promise<number>;

const writers: Record<string, Writer> = {
  async 'our writer (zlib.crc32)'(paths, chunk) {
    const out = sink();
    const entries = paths.map((path, i) => ({
      name: `f${i}.xlsx`,
      source: createReadStream(path, { highWaterMark: chunk }),
      date: new Date(),
      store: true,
      size: 0,
    }));
    await pipeline(zipEntries(entries), out.stream);
    return out.bytes();
  },
  async 'archiver 8 (store)'(paths, chunk) {
    const out = sink();
    const archive = new ZipArchive({ zlib: { level: 1 } });
    paths.forEach((path, i) => {
      archive.append(createReadStream(path, { highWaterMark: chunk }), { name: `f${i}.xlsx`, store: true });
    });
    void archive.finalize();
    await pipeline(archive, out.stream);
    return out.bytes();
  },
  async 'zip-stream 7 (store)'(paths, chunk) {
    const out = sink();
    const zip = new ZipStream({ store: true }) as unknown as Readable & {
      entry(source: Readable, data: { name: string }, callback: (error?: Error) => void): void;
      finalize(): void;
    };
    const done = pipeline(zip, out.stream);
    for (const [i, path] of paths.entries()) {
      await new Promise<void>((resolve, reject) =>
        zip.entry(createReadStream(path, { highWaterMark: chunk }), { name: `f${i}.xlsx` }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    }
    zip.finalize();
    await done;
    return out.bytes();
  },
  async 'yazl 3 (compress: false)'(paths, chunk) {
    const out = sink();
    const zip = new yazl.ZipFile();
    paths.forEach((path, i) => {
      zip.addReadStream(createReadStream(path, { highWaterMark: chunk }), `f${i}.xlsx`, { compress: false });
    });
    zip.end();
    await pipeline(zip.outputStream, out.stream);
    return out.bytes();
  },
};

async function devNull(paths: string[], chunk: number): Promise<number> {
  let bytes = 0;
  for (const path of paths) {
    const source = createReadStream(path, { highWaterMark: chunk });
    source.on('data', (data) => {
      bytes += data.length;
    });
    await pipeline(source, createWriteStream('/dev/null'));
  }
  return bytes;
}

async function timed(run: () => Promise<number>) {
  const start = performance.now();
  const bytes = await run();
  return bytes / MB / ((performance.now() - start) / 1000);
}

async function main() {
  const { values } = parseArgs({ options: { 'file-mb': { type: 'string', default: '200' } } });
  const fileMb = Number(values['file-mb']);
  const dir = await mkdtemp(join(tmpdir(), 'portal-zip-bench-'));
  try {
    const paths = [1, 2, 3].map((i) => join(dir, `f${i}.xlsx`));
    for (const path of paths) await writeFile(path, randomBytes(fileMb * MB));
    console.log(`3 x ${fileMb} MB, stored entries; MB/s, and the ratio to /dev/null at the same chunk size`);
    for (const chunk of [64 * 1024, 256 * 1024, MB]) {
      await devNull(paths, chunk); // warm the page cache
      const floor = await timed(() => devNull(paths, chunk));
      console.log(`chunk ${chunk / 1024} KB: /dev/null ${fmt(floor)} MB/s`);
      for (const [name, writer] of Object.entries(writers)) {
        const speed = await timed(() => writer(paths, chunk));
        console.log(`  ${name.padEnd(26)} ${fmt(speed).padStart(6)} MB/s  ${fmt(speed / floor, 2)}`);
      }
    }
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
