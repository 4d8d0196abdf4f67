import { once } from 'node:events';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

// A streaming zip writer (PKWARE APPNOTE 6.3: data descriptors, UTF-8 names, Zip64 when a size or
// offset passes 4 GiB). Chosen over archiver, zip-stream and yazl by measuring
// (scripts/bench/zip-writers.ts): their CRC-32 runs in JavaScript (crc-32: ~400 MB/s, buffer-crc32:
// ~140 MB/s on this machine) and caps a zip of stored files well below disk speed; zlib.crc32 is
// native (~2-4 GB/s). Stored entries pass each chunk of the file through untouched.

export type ZipEntry = {
  name: string;
  source: AsyncIterable<Buffer>;
  date: Date;
  /** Stored as is (already compressed formats); otherwise deflated. */
  store: boolean;
  /** Expected size, when known: an entry that may pass 4 GiB gets Zip64 sizes from the start. */
  size?: number;
};

export type ZipOptions = { deflateLevel?: number; forceZip64?: boolean; highWaterMark?: number };

const MAX32 = 0xffffffff;
// Deflate may grow incompressible data a little; keep a margin below 4 GiB.
const ZIP64_FROM = 0xff000000;
const FLAGS = 0x0808; // bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8

type Written = {
  name: Buffer;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  zip64: boolean;
};

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

function localHeader(e: Written): Buffer {
  const extra = e.zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (e.zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2); // sizes follow in the data descriptor: zeros here
  }
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(e.zip64 ? 45 : 20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(e.method, 8);
  header.writeUInt16LE(e.time, 10);
  header.writeUInt16LE(e.date, 12);
  // CRC and sizes (14..25) are zero: the data descriptor carries them.
  if (e.zip64) {
    header.writeUInt32LE(MAX32, 18);
    header.writeUInt32LE(MAX32, 22);
  }
  header.writeUInt16LE(e.name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, e.name, extra]);
}

function dataDescriptor(e: Written): Buffer {
  const out = Buffer.alloc(e.zip64 ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(e.crc, 4);
  if (e.zip64) {
    out.writeBigUInt64LE(BigInt(e.compressed), 8);
    out.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    out.writeUInt32LE(e.compressed, 8);
    out.writeUInt32LE(e.size, 12);
  }
  return out;
}

function centralHeader(e: Written, force: boolean): Buffer {
  const zip64 = force || e.zip64 || e.compressed >= MAX32 || e.size >= MAX32 || e.offset >= MAX32;
  const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(e.size), 4);
    extra.writeBigUInt64LE(BigInt(e.compressed), 12);
    extra.writeBigUInt64LE(BigInt(e.offset), 20);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, 4.5
  header.writeUInt16LE(zip64 ? 45 : 20, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(e.method, 10);
  header.writeUInt16LE(e.time, 12);
  header.writeUInt16LE(e.date, 14);
  header.writeUInt32LE(e.crc, 16);
  header.writeUInt32LE(zip64 ? MAX32 : e.compressed, 20);
  header.writeUInt32LE(zip64 ? MAX32 : e.size, 24);
  header.writeUInt16LE(e.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  header.writeUInt32LE(zip64 ? MAX32 : e.offset, 42);
  return Buffer.concat([header, e.name, extra]);
}

function endOfCentralDirectory(count: number, size: number, offset: number, force: boolean): Buffer {
  const zip64 = force || count >= 0xffff || size >= MAX32 || offset >= MAX32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(zip64 ? MAX32 : size, 12);
  end.writeUInt32LE(zip64 ? MAX32 : offset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
  record.writeUInt16LE((3 << 8) | 45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + size), 8); // where the Zip64 record starts
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/** The deflated bytes of `source`, counting its CRC and size into `entry` on the way in. */
async function* deflated(source: AsyncIterable<Buffer>, entry: Written, level: number) {
  const deflater = createDeflateRaw({ level });
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        entry.crc = crc32(chunk, entry.crc);
        entry.size += chunk.length;
        if (!deflater.write(chunk)) await once(deflater, 'drain');
      }
      deflater.end();
    } catch (error) {
      deflater.destroy(error as Error);
    }
  })();
  try {
    for await (const out of deflater as AsyncIterable<Buffer>) {
      entry.compressed += out.length;
      yield out;
    }
    await feeding;
  } finally {
    deflater.destroy();
  }
}

async function* zipChunks(entries: ZipEntry[], options: ZipOptions): AsyncGenerator<Buffer> {
  const force = options.forceZip64 === true;
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const e: Written = {
      name: Buffer.from(entry.name, 'utf8'),
      method: entry.store ? 0 : 8,
      ...dosDateTime(entry.date),
      crc: 0,
      compressed: 0,
      size: 0,
      offset,
      zip64: force || entry.size === undefined || entry.size >= ZIP64_FROM,
    };
    const header = localHeader(e);
    yield header;
    if (entry.store) {
      for await (const chunk of entry.source) {
        e.crc = crc32(chunk, e.crc);
        e.size += chunk.length;
        yield chunk;
      }
      e.compressed = e.size;
    } else {
      yield* deflated(entry.source, e, options.deflateLevel ?? 6);
    }
    const descriptor = dataDescriptor(e);
    yield descriptor;
    offset += header.length + e.compressed + descriptor.length;
    written.push(e);
  }
  const central = Buffer.concat(written.map((e) => centralHeader(e, force)));
  yield Buffer.concat([central, endOfCentralDirectory(written.length, central.length, offset, force)]);
}

/** A zip of `entries`, produced as it is read (backpressure reaches the sources). */
export function zipEntries(entries: ZipEntry[], options: ZipOptions = {}): Readable {
  return Readable.from(zipChunks(entries, options), {
    objectMode: false,
    highWaterMark: options.highWaterMark ?? 1024 * 1024,
  });
}
