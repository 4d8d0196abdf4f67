import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';

// A csv's text encoding, from its first bytes: UTF-16 (little or big endian) and UTF-8 by their
// byte-order mark; otherwise UTF-8 when the sample decodes as UTF-8, else Windows-1252 (what Excel
// on Windows writes as "CSV"). Its separator: comma, unless the first line has only tabs (Excel's
// "Unicode Text") or only semicolons (Excel in locales with a decimal comma).

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const SAMPLE_BYTES = 64 * 1024;

export function sniffEncoding(sample: Buffer): CsvEncoding {
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(withoutCutCharacter(sample));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The sample without a UTF-8 sequence cut at its end by the sample's length. */
function withoutCutCharacter(sample: Buffer): Buffer {
  if (sample.length < SAMPLE_BYTES) return sample;
  for (let back = 1; back <= 4 && back <= sample.length; back += 1) {
    const byte = sample[sample.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? sample.subarray(0, sample.length - back) : sample;
  }
  return sample;
}

export function sniffDelimiter(text: string): string {
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(';')) return ';';
  return ',';
}

/**
 * The body decoded to text (byte-order mark dropped), its encoding and separator, read from a sample
 * of its first bytes; the sample and the rest flow on as one stream.
 */
export async function decodedCsv(body: Readable): Promise<{ text: Readable; delimiter: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let done = false;
  while (size < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const sample = Buffer.concat(chunks, size);
  const encoding = sniffEncoding(sample);
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  const first = decoder.decode(sample, { stream: true });
  const text = new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, decoder.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, decoder.decode());
    },
  });
  text.push(first);
  void (async () => {
    try {
      if (!done) {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          if (text.destroyed) break;
          if (!text.write(next.value)) {
            await new Promise((resolve) => {
              text.once('drain', resolve);
              text.once('close', resolve);
            });
          }
        }
      }
      text.end();
    } catch (error) {
      text.destroy(error as Error);
    }
  })();
  text.once('close', () => body.destroy());
  return { text, delimiter: sniffDelimiter(first) };
}
