import { createInflateRaw } from 'node:zlib';
import { PREVIEW_LIMITS, PreviewError } from './limits.js';

// Checks an xlsx (a zip) before a spreadsheet reader sees it: a readable central directory,
// few entries, only stored or deflated data, and a total that really expands to no more than
// PREVIEW_LIMITS.expandedBytes. Sizes written in the zip's headers can lie, so each entry is
// inflated here and counted, output discarded: a zip bomb stops at the limit, not in memory.

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

type ZipEntry = { name: string; method: number; compressedSize: number; localHeaderOffset: number };

const malformed = () => new PreviewError('This file could not be read as a spreadsheet.');

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw malformed();
}

export function listZipEntries(zip: Buffer): ZipEntry[] {
  if (zip.length < 22) throw malformed();
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count > PREVIEW_LIMITS.zipEntries) {
    throw new PreviewError('This spreadsheet has too many parts to preview. Download it instead.');
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw malformed();
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryData(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) throw malformed();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw malformed();
  return zip.subarray(start, end);
}

/**
 * A streaming reader walks the local headers from the start of the file, not the central
 * directory, so nothing may hide between the entries listed: each entry must begin where the one
 * before it ended (plus an optional data descriptor), and the last must end at the directory.
 */
function assertContiguous(zip: Buffer, entries: ZipEntry[]): void {
  const directoryStart = zip.readUInt32LE(findEndOfCentralDirectory(zip) + 16);
  const sorted = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let expected = 0;
  for (const entry of sorted) {
    const gap = entry.localHeaderOffset - expected;
    if (gap !== 0 && gap !== 12 && gap !== 16) throw malformed();
    const end = entryData(zip, entry).byteOffset - zip.byteOffset + entry.compressedSize;
    expected = end;
  }
  const gap = directoryStart - expected;
  if (gap !== 0 && gap !== 12 && gap !== 16) throw malformed();
}

const tooLarge = () =>
  new PreviewError('This spreadsheet expands to too much data to preview. Download it instead.');

/** How many bytes `data` inflates to, giving up (PreviewError) past `budget`. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        reject(tooLarge());
      }
    });
    inflate.on('error', () => reject(malformed()));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

/** Throws PreviewError unless `zip` is a zip that safely expands within the preview limits. */
export async function assertSafeZip(zip: Buffer): Promise<void> {
  const entries = listZipEntries(zip);
  assertContiguous(zip, entries);
  let budget: number = PREVIEW_LIMITS.expandedBytes;
  for (const entry of entries) {
    // Zip64 markers: far beyond what a preview reads.
    if (entry.compressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) throw tooLarge();
    const data = entryData(zip, entry);
    if (entry.method === STORED) budget -= data.length;
    else if (entry.method === DEFLATED) budget -= await inflatedSize(data, budget);
    else throw malformed();
    if (budget < 0) throw tooLarge();
  }
}
