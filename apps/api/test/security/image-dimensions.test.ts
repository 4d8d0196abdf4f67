import { readdir } from 'node:fs/promises';
import { MAX_IMAGE_SIDE_PX } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegDeclaring, multipartFile, pngDeclaring } from '../support/multipart.js';

// ISSUE 11 point 8: a logo or marketing image declaring 50000 × 50000 pixels is refused from its
// header, before anything is stored, with a message giving its size and the limits.
describe('declared image dimensions', () => {
  let t: TestApp;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => t?.close());

  const upload = async (url: string, bytes: Buffer, fileName: string) => {
    const body = multipartFile(bytes, { fileName });
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...(await personas.headers('internalAdmin')), ...body.headers },
    });
  };
  const stored = async () =>
    (await readdir(t.filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  const imageRows = async () =>
    (await t.database.db.selectFrom('partner_images').selectAll().execute()).length;

  it.each([
    ['/api/logo/BJS', pngDeclaring(50_000, 50_000), 'huge.png', '50000 × 50000'],
    ['/api/marketing/upload/BJS', pngDeclaring(50_000, 50_000), 'huge.png', '50000 × 50000'],
    ['/api/marketing/upload/BJS', jpegDeclaring(60_000, 40_000), 'huge.jpg', '60000 × 40000'],
    ['/api/logo/BJS', pngDeclaring(MAX_IMAGE_SIDE_PX + 1, 10), 'wide.png', `${MAX_IMAGE_SIDE_PX + 1} × 10`],
    ['/api/marketing/upload/BJS', jpegDeclaring(9_000, 9_000), 'square.jpg', '9000 × 9000'],
  ])('POST %s of %s: 400 and nothing stored', async (url, bytes, fileName, size) => {
    const before = { files: await stored(), rows: await imageRows() };
    const reply = await upload(url, bytes, fileName);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: expect.stringContaining(`The image is too large: ${size} pixels.`),
      field: 'File',
    });
    expect({ files: await stored(), rows: await imageRows() }).toEqual(before);
  });

  it('refuses a JPEG whose size cannot be read (no start of frame)', async () => {
    const reply = await upload(
      '/api/marketing/upload/BJS',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]),
      'cut.jpg',
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/size could not be read/);
  });

  it('accepts images within the budget', async () => {
    expect((await upload('/api/logo/BJS', pngDeclaring(800, 400), 'logo.png')).statusCode).toBe(200);
    expect((await upload('/api/marketing/upload/BJS', jpegDeclaring(5_000, 5_000), 'm.jpg')).statusCode).toBe(
      200,
    );
  });
});
