import { inflateRawSync } from 'node:zlib';
import { listZipEntries } from '../../src/reports/preview/zip-guard.js';

/** The files of a zip, by name: enough of a reader to check what a download holds. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of listZipEntries(zip)) {
    const at = entry.localHeaderOffset;
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    files.set(entry.name, entry.method === 0 ? Buffer.from(data) : inflateRawSync(data));
  }
  return files;
}
