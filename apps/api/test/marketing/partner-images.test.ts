import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { listAuditEntries } from '@portal/db';
import { MAX_IMAGE_UPLOAD_BYTES } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETER, seedMarketer, sessionHeaders } from '../support/content-fixtures.js';
import { GIF, JPEG_HEAD, multipartFile, PNG_1x1 } from '../support/multipart.js';

const INVALID = (x: string) => `Invalid file type (${x}) -- Please upload a PNG image.`;

// SPEC.md §5 Partner logo upload (PNG only) and Marketing upload (jpeg, jpg or png), judged by
// the bytes; §8 messages for images not uploaded yet. Users with MANAGE_MARKETING_CONTENT upload
// for the partners they may use; every signed-in user who may see a partner reads its images.
describe('partner logos and marketing images', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let marketerHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedMarketer(t.database.db);
    marketerHeaders = await sessionHeaders(t.database.db, MARKETER);
  });
  afterAll(async () => t?.close());

  const as = async (who: Persona | 'marketer') =>
    who === 'marketer' ? marketerHeaders : personas.headers(who);
  const upload = async (
    who: Persona | 'marketer',
    url: string,
    bytes: Buffer,
    options?: Parameters<typeof multipartFile>[1],
  ) => {
    const body = multipartFile(bytes, options);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...(await as(who)), ...body.headers },
    });
  };
  const get = async (who: Persona | 'marketer', url: string) => t.app.inject({ url, headers: await as(who) });
  const storedFiles = async (partnerCode: string, kind: string) =>
    readdir(join(t.filesDir, 'Partners', partnerCode, kind)).catch(() => [] as string[]);

  describe('logo', () => {
    it('answers 404 with the §8 message before any upload', async () => {
      const reply = await get('externalReports', '/api/logo/SAM');
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        message: 'No Partner Logo has been uploaded yet - Please upload below.',
      });
    });

    it('is uploaded as a PNG and served with its true type to every user of the partner', async () => {
      const reply = await upload('marketer', '/api/logo/BJS', PNG_1x1, { fileName: 'bjs.png' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({
        message: 'Upload success!',
        partnerCode: 'BJS',
        contentType: 'image/png',
        byteSize: PNG_1x1.length,
      });
      for (const persona of ['externalReports', 'tenantAdmin', 'internalAdmin', 'serviceAccount'] as const) {
        const logo = await get(persona, '/api/logo/bjs');
        expect(logo.statusCode, persona).toBe(200);
        expect(logo.headers['content-type']).toBe('image/png');
        expect(logo.headers['x-content-type-options']).toBe('nosniff');
        expect(logo.rawPayload.equals(PNG_1x1)).toBe(true);
      }
      const [entry] = await listAuditEntries(t.database.db, 'partner-image', 'BJS/LOGO');
      expect(entry).toMatchObject({ actor_user_id: MARKETER, action: 'partner-logo.upload' });
    });

    it('says which images a partner has, so a screen asks for an image only when there is one', async () => {
      const bjs = await get('externalReports', '/api/partner-images/bjs');
      expect(bjs.statusCode).toBe(200);
      expect(bjs.json()).toEqual({
        logo: { contentType: 'image/png', byteSize: PNG_1x1.length, updatedAt: expect.any(String) },
        marketing: null,
      });
      expect((await get('externalReports', '/api/partner-images/SAM')).json()).toEqual({
        logo: null,
        marketing: null,
      });
      expect((await get('externalDashboards', '/api/partner-images/BJS')).statusCode).toBe(403);
    });

    it('tells the partner cards which partners have one, so a card without one asks for none', async () => {
      type Cards = { partners: Record<string, { code: string; hasLogo?: boolean }[]> };
      const logoFlags = (reply: Cards) =>
        Object.values(reply.partners)
          .flat()
          .map(({ code, hasLogo }) => [code, hasLogo]);
      const reports = (await get('externalReports', '/api/partners')).json() as Cards;
      const marketing = (await get('internalAdmin', '/api/marketing/partners')).json() as Cards;
      for (const flags of [logoFlags(reports), logoFlags(marketing)]) {
        expect(flags.length).toBeGreaterThan(1);
        // Only BJS was uploaded (above); its code is matched without regard to case.
        expect(flags).toEqual(flags.map(([code]) => [code, String(code).toUpperCase() === 'BJS']));
      }
    });

    it('is not shown to users who may not see the partner', async () => {
      expect((await get('externalDashboards', '/api/logo/BJS')).statusCode).toBe(403);
      expect((await get('anonymous', '/api/logo/BJS')).statusCode).toBe(401);
    });

    it('refuses a file named .png that is not a PNG, and keeps the current logo', async () => {
      const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
      const reply = await upload('marketer', '/api/logo/BJS', page, {
        fileName: 'logo.png',
        contentType: 'image/png',
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ message: INVALID('unknown'), field: 'File' });

      const jpeg = await upload('marketer', '/api/logo/BJS', JPEG_HEAD, { fileName: 'logo.png' });
      expect(jpeg.json().message).toBe(INVALID('jpeg'));

      const logo = await get('externalReports', '/api/logo/BJS');
      expect(logo.rawPayload.equals(PNG_1x1)).toBe(true);
    });

    it('refuses an upload over the size limit with a clear message and stores nothing', async () => {
      const before = await storedFiles('BJS', 'logo');
      const huge = Buffer.concat([PNG_1x1, Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES)]);
      const reply = await upload('marketer', '/api/logo/BJS', huge);
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toEqual({
        message: 'The file is too large. Please upload an image of at most 5 MB.',
      });
      expect(await storedFiles('BJS', 'logo')).toEqual(before);
    });

    it('keeps one stored file per partner: a new upload removes the one it replaces', async () => {
      const second = Buffer.concat([PNG_1x1, Buffer.from('second')]);
      expect((await upload('internalAdmin', '/api/logo/BJS', second)).statusCode).toBe(200);
      expect(await storedFiles('BJS', 'logo')).toHaveLength(1);
      expect((await get('externalReports', '/api/logo/BJS')).rawPayload.equals(second)).toBe(true);
    });

    it('is uploaded only for partners the uploader may manage', async () => {
      expect((await upload('marketer', '/api/logo/SAM', PNG_1x1)).statusCode).toBe(403);
      expect((await upload('externalReports', '/api/logo/BJS', PNG_1x1)).statusCode).toBe(403);
      expect((await upload('internalAdmin', '/api/logo/SAM', PNG_1x1)).statusCode).toBe(200);
      expect((await upload('internalAdmin', '/api/logo/NOPE', PNG_1x1)).statusCode).toBe(404);
    });

    it('keeps a partner code with unusual characters out of storage paths and headers', async () => {
      await t.database.db
        .insertInto('partners')
        .values({ access_type_code: 'EXT', code: '../O"P', name: 'Odd Partner' })
        .execute();
      const url = `/api/logo/${encodeURIComponent('../O"P')}`;
      expect((await upload('internalAdmin', url, PNG_1x1)).statusCode).toBe(200);
      const logo = await get('internalAdmin', url);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-disposition']).toMatch(/^inline; filename="logo-x-[0-9a-f]+\.png"$/);
      expect(await storedFiles(`x-${Buffer.from('../O"P').toString('hex')}`, 'logo')).toHaveLength(1);
    });

    it('needs a multipart body with the File field', async () => {
      const wrongField = await upload('marketer', '/api/logo/BJS', PNG_1x1, { field: 'image' });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toBe('Please choose a file to upload (form field File).');
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/logo/BJS',
        payload: { File: 'x' },
        headers: marketerHeaders,
      });
      expect(json.statusCode).toBe(400);
    });
  });

  describe('marketing', () => {
    it('lists the partners the user may manage, by access type', async () => {
      const mine = await get('marketer', '/api/marketing/partners');
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({
        accessTypes: [{ code: 'EXT', name: 'External' }],
        partners: { EXT: [{ code: 'BJS', name: "BJ's Wholesale Club", type: 'EXT', hasLogo: true }] },
      });
      const all = (await get('internalAdmin', '/api/marketing/partners')).json();
      expect(all.accessTypes.map((a: { code: string }) => a.code)).toEqual(['EXT', 'INT']);
      expect(all.partners.EXT.map((p: { code: string }) => p.code)).toEqual(
        expect.arrayContaining(['BJS', 'SAM', 'WSI', 'OTH']),
      );
      expect((await get('externalReports', '/api/marketing/partners')).statusCode).toBe(403);
    });

    it('answers 404 with the §8 message before any upload', async () => {
      const reply = await get('marketer', '/api/marketing/latest/BJS');
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        message: 'No Marketing Content has been uploaded yet - Please upload below.',
      });
    });

    it('accepts a jpeg and serves it as image/jpeg to the users of the partner', async () => {
      const reply = await upload('marketer', '/api/marketing/upload/BJS', JPEG_HEAD, {
        fileName: 'promo.jpg',
        contentType: 'image/jpeg',
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().message).toBe('Upload success!');
      const latest = await get('externalReports', '/api/marketing/latest/BJS');
      expect(latest.statusCode).toBe(200);
      expect(latest.headers['content-type']).toBe('image/jpeg');
      expect(latest.headers['x-content-type-options']).toBe('nosniff');
      expect(latest.rawPayload.equals(JPEG_HEAD)).toBe(true);
      expect((await get('externalDashboards', '/api/marketing/latest/BJS')).statusCode).toBe(403);
    });

    it('accepts a png, whatever the name claims', async () => {
      const reply = await upload('marketer', '/api/marketing/upload/BJS', PNG_1x1, {
        fileName: 'promo.jpeg',
      });
      expect(reply.statusCode).toBe(200);
      const latest = await get('marketer', '/api/marketing/latest/BJS');
      expect(latest.headers['content-type']).toBe('image/png');
    });

    it('refuses other types with the §5 message, the type named by the bytes', async () => {
      const gif = await upload('marketer', '/api/marketing/upload/BJS', GIF, { fileName: 'promo.png' });
      expect(gif.statusCode).toBe(400);
      expect(gif.json().message).toBe(INVALID('gif'));
      const text = await upload('marketer', '/api/marketing/upload/BJS', Buffer.from('hello'), {
        fileName: 'a.jpg',
      });
      expect(text.json().message).toBe(INVALID('unknown'));
    });

    it('refuses an oversized upload and uploads for partners the user may not manage', async () => {
      const huge = Buffer.concat([JPEG_HEAD, Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES)]);
      const tooBig = await upload('marketer', '/api/marketing/upload/BJS', huge);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe('The file is too large. Please upload an image of at most 5 MB.');
      expect((await upload('marketer', '/api/marketing/upload/SAM', JPEG_HEAD)).statusCode).toBe(403);
    });
  });
});
