import { InvalidKeyError } from '@portal/domain/reports/report-keys';
import { expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, collectList } from '../src/index.js';
import { readAll, sha256 } from './streams.js';

/** The behaviour every BlobStore shares; each implementation's test file runs it. */
export function blobStoreContract(store: () => BlobStore): void {
  it('puts a buffer and gets, stats and finds it back', async () => {
    const body = Buffer.from('Transaction Date,Amount (USD)\n2026-11-20,12.50\n');
    const key = 'Reports/EXT/BJS/SETTLEMENT/2026-11-20/contract.csv';
    const put = await store().put(key, body, { contentType: 'text/csv' });
    expect(put).toEqual({ key, size: body.length, sha256: sha256(body) });
    expect(await readAll(await store().get(key))).toEqual(body);
    const stat = await store().stat(key);
    expect(stat).toMatchObject({ key, size: body.length, contentType: 'text/csv' });
    expect(stat?.lastModified).toBeInstanceOf(Date);
    expect(await store().exists(key)).toBe(true);
  });

  // Not bytes 0-0: s3rver reads an end of 0 as no end and sends the whole object (S3 does not).
  it('gets a byte range alone: the first bytes, a middle, the last byte, the whole', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    const key = 'Reports/EXT/BJS/SETTLEMENT/2026-11-20/ranges.csv';
    await store().put(key, body);
    const bytes = async (start: number, end: number) =>
      (await readAll(await store().get(key, { start, end }))).toString();
    expect(await bytes(0, 1)).toBe('01');
    expect(await bytes(5, 12)).toBe('56789abc');
    expect(await bytes(19, 19)).toBe('j');
    expect(await bytes(0, 19)).toBe(body.toString());
  });

  it('replaces a blob put twice under one key', async () => {
    const key = 'Reports/EXT/BJS/SETTLEMENT/2026-11-21/twice.csv';
    await store().put(key, Buffer.from('first'));
    const second = await store().put(key, Buffer.from('second, longer'));
    expect(second.size).toBe(14);
    expect((await readAll(await store().get(key))).toString()).toBe('second, longer');
  });

  it('deletes, and deleting a missing blob is not an error', async () => {
    const key = 'Logos/DEL.png';
    await store().put(key, Buffer.from('png'));
    await store().delete(key);
    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
    expect(await store().stat(key)).toBeNull();
    await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists by prefix in key order', async () => {
    const keys = [
      'Reports/EXT/SAM/CHARGEBACKS/2026-11-16/b.csv',
      'Reports/EXT/SAM/CHARGEBACKS/2026-11-09/a.csv',
      'Reports/EXT/SAMX/CHARGEBACKS/2026-11-09/a.csv',
      'Reports/EXT/SAM/CHARGEBACKS/2026-11-09/c.csv',
    ];
    for (const key of keys) await store().put(key, Buffer.from(key));
    const listed = await collectList(store(), 'Reports/EXT/SAM/');
    expect(listed.map((s) => s.key)).toEqual([
      'Reports/EXT/SAM/CHARGEBACKS/2026-11-09/a.csv',
      'Reports/EXT/SAM/CHARGEBACKS/2026-11-09/c.csv',
      'Reports/EXT/SAM/CHARGEBACKS/2026-11-16/b.csv',
    ]);
    expect(listed[0]?.size).toBe(keys[1]?.length);
    const partial = await collectList(store(), 'Reports/EXT/SAM');
    expect(partial).toHaveLength(4);
    expect(await collectList(store(), 'Reports/EXT/NONE/')).toEqual([]);
  });

  it('refuses keys that could leave their folder', async () => {
    for (const key of [
      '',
      '../outside.txt',
      'Reports/../../outside.txt',
      '/etc/passwd',
      'a\\..\\b',
      'a//b',
      'nul\0',
    ]) {
      await expect(store().put(key, Buffer.from('x')), JSON.stringify(key)).rejects.toBeInstanceOf(
        InvalidKeyError,
      );
      await expect(store().get(key)).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });
}
