import { listAuditEntries } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, seedContentReference } from '../support/content-fixtures.js';

type BannerReply = {
  bannerId: number;
  bannerMessage: string;
  bannerType: string;
  timeToLive: number | null;
  isActive: boolean;
  activatedAt: string;
  expiresAt: string | null;
  isShowing: boolean;
};

// SPEC.md §4/§5 Banner: message and type required, time to live in seconds (empty: indefinite);
// create and edit make it active, disable makes it inactive; every page shows the active,
// unexpired banner.
describe('banner', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedContentReference(t.database.db);
    call = caller(t, personas);
  });
  afterAll(async () => t?.close());

  const create = async (body: object) => call('internalAdmin', 'POST', '/api/banner', body);
  const shownTo = async (persona: 'externalReports' | 'internalNoFeature' = 'externalReports') => {
    const reply = await call(persona, 'GET', '/api/banner');
    expect(reply.statusCode).toBe(200);
    return reply.json() as { banners: BannerReply[]; bannerTypes: unknown[] };
  };
  const ageBanner = (bannerId: number, seconds: number) =>
    t.database.db
      .updateTable('banners')
      .set({ activated_at: new Date(Date.now() - seconds * 1000) })
      .where('banner_id', '=', bannerId)
      .execute();

  it('is created active by an internal admin and shown to every signed-in user with the types', async () => {
    const reply = await create({
      bannerMessage: ' Maintenance tonight ',
      bannerType: 'INFO',
      timeToLive: 3600,
    });
    expect(reply.statusCode).toBe(201);
    const banner = reply.json() as BannerReply;
    expect(banner).toMatchObject({
      bannerMessage: 'Maintenance tonight',
      bannerType: 'INFO',
      timeToLive: 3600,
      isActive: true,
      isShowing: true,
    });
    expect(Date.parse(banner.expiresAt ?? '') - Date.parse(banner.activatedAt)).toBe(3_600_000);

    const seen = await shownTo('internalNoFeature');
    expect(seen.banners.map((b) => b.bannerId)).toContain(banner.bannerId);
    expect(seen.bannerTypes).toEqual([
      { bannerCode: 'INFO', alertCode: 'info', name: 'Information' },
      { bannerCode: 'OUTAGE', alertCode: 'error', name: 'Outage' },
    ]);
    const [entry] = await listAuditEntries(t.database.db, 'banner', String(banner.bannerId));
    expect(entry).toMatchObject({ action: 'banner.create', actor_user_id: 'E100001' });
  });

  it('without a time to live never expires', async () => {
    const banner = (await create({ bannerMessage: 'Always', bannerType: 'INFO', timeToLive: null })).json();
    expect(banner).toMatchObject({ timeToLive: null, expiresAt: null });
    await ageBanner(banner.bannerId, 10 * 365 * 86_400);
    expect((await shownTo()).banners.map((b) => b.bannerId)).toContain(banner.bannerId);
  });

  it('is no longer shown once its time to live has passed, though the admin still lists it', async () => {
    const banner = (
      await create({ bannerMessage: 'Short lived', bannerType: 'OUTAGE', timeToLive: 60 })
    ).json();
    await ageBanner(banner.bannerId, 61);
    expect((await shownTo()).banners.map((b) => b.bannerId)).not.toContain(banner.bannerId);
    const all = (await call('internalAdmin', 'GET', '/api/banner')).json() as { banners: BannerReply[] };
    expect(all.banners.find((b) => b.bannerId === banner.bannerId)).toMatchObject({
      isActive: true,
      isShowing: false,
    });
  });

  it('shows again after an edit, the time to live counting from the edit', async () => {
    const banner = (await create({ bannerMessage: 'Old', bannerType: 'INFO', timeToLive: 60 })).json();
    await ageBanner(banner.bannerId, 120);
    const edited = await call('internalAdmin', 'PUT', `/api/banner/${banner.bannerId}/edit`, {
      bannerId: banner.bannerId,
      bannerMessage: 'New',
      bannerType: 'OUTAGE',
      timeToLive: 7200,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ bannerMessage: 'New', bannerType: 'OUTAGE', isShowing: true });
    expect((await shownTo()).banners.find((b) => b.bannerId === banner.bannerId)?.bannerMessage).toBe('New');
  });

  it('is hidden from everyone once disabled', async () => {
    const banner = (await create({ bannerMessage: 'Disable me', bannerType: 'INFO' })).json();
    const disabled = await call('internalAdmin', 'PUT', `/api/banner/${banner.bannerId}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ isActive: false, isShowing: false });
    expect((await shownTo()).banners.map((b) => b.bannerId)).not.toContain(banner.bannerId);
    const [, entry] = await listAuditEntries(t.database.db, 'banner', String(banner.bannerId));
    expect(entry).toMatchObject({ action: 'banner.disable' });
  });

  it('requires a message and a known type, and a whole positive number of seconds', async () => {
    const cases: [object, string, string][] = [
      [{ bannerMessage: ' ', bannerType: 'INFO' }, 'bannerMessage', 'This field is required.'],
      [{ bannerMessage: 'Hi', bannerType: '' }, 'bannerType', 'This field is required.'],
      [
        { bannerMessage: 'Hi', bannerType: 'NOPE' },
        'bannerType',
        'Please choose a banner type from the list.',
      ],
      [
        { bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: 0 },
        'timeToLive',
        'The time to live must be at least 1 second.',
      ],
      [
        { bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: 1.5 },
        'timeToLive',
        'The time to live is a whole number of seconds.',
      ],
      [
        { bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: 2 ** 31 },
        'timeToLive',
        'The time to live is too long.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const reply = await create(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toEqual({ message, field });
    }
  });

  it('answers 404 for an unknown banner and 400 for an id that disagrees with the path', async () => {
    const body = { bannerMessage: 'Hi', bannerType: 'INFO', timeToLive: null };
    expect((await call('internalAdmin', 'PUT', '/api/banner/999999/edit', body)).statusCode).toBe(404);
    expect((await call('internalAdmin', 'PUT', '/api/banner/999999/disable')).statusCode).toBe(404);
    const banner = (await create(body)).json();
    const mismatch = await call('internalAdmin', 'PUT', `/api/banner/${banner.bannerId}/edit`, {
      ...body,
      bannerId: banner.bannerId + 1,
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('is changed by internal admins only', async () => {
    const reply = await call('externalReports', 'POST', '/api/banner', {
      bannerMessage: 'x',
      bannerType: 'INFO',
    });
    expect(reply.statusCode).toBe(403);
    expect((await call('anonymous', 'GET', '/api/banner')).statusCode).toBe(401);
  });
});
