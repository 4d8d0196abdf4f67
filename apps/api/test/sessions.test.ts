import { createSession, disableUser, sha256Hex } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { createUser, personaSpecs, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Server-side sessions: idle and absolute timeouts, last_seen_at touched at most once a minute,
// and a disabled or deleted user's sessions ending at once.
describe('sessions', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  const IDLE_MINUTES = 30;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: String(IDLE_MINUTES), SESSION_ABSOLUTE_HOURS: '8' });
    personas = await seedPersonas(t.database.db, 8);
  });
  afterAll(async () => t?.close());

  const me = (cookie: string | null) => t.app.inject({ url: '/api/user', headers: cookie ? { cookie } : {} });
  const hashOf = async (cookie: string) => {
    const rows = await t.database.db.selectFrom('sessions').select('session_hash').execute();
    const hash = sha256Hex(cookie.replace('portal_session=', ''));
    expect(rows.map((r) => r.session_hash)).toContain(hash);
    return hash;
  };
  const setTimes = (hash: string, times: { lastSeen?: string; expires?: string }) =>
    t.database.db
      .updateTable('sessions')
      .set({
        ...(times.lastSeen && { last_seen_at: sql<Date>`now() - ${times.lastSeen}::interval` }),
        ...(times.expires && { expires_at: sql<Date>`now() + ${times.expires}::interval` }),
      })
      .where('session_hash', '=', hash)
      .execute();
  const lastSeen = async (hash: string) =>
    (
      await t.database.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('session_hash', '=', hash)
        .executeTakeFirstOrThrow()
    ).last_seen_at;

  it('answers an unauthenticated call with 401 and the login uri', async () => {
    const reply = await me(null);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: 'Authentication required', uri: '/login' });
  });

  it('answers 401 before looking at the body of a write', async () => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/saas/user/updateSelf',
      payload: { nonsense: 1 },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().uri).toBe('/login');
  });

  it('sets an absolute end at sign-in and keeps a session alive while it is used', async () => {
    const cookie = (await personas.sessionCookie('externalReports'))!;
    const hash = await hashOf(cookie);
    const row = await t.database.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('seconds'))
      .where('session_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(Number(row.seconds)).toBe(8 * 3600);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES, and clears the cookie', async () => {
    const cookie = (await personas.sessionCookie('externalReports'))!;
    const hash = await hashOf(cookie);
    await setTimes(hash, { lastSeen: `${IDLE_MINUTES - 1} minutes` });
    expect((await me(cookie)).statusCode).toBe(200);
    await setTimes(hash, { lastSeen: `${IDLE_MINUTES + 1} minutes` });
    const reply = await me(cookie);
    expect(reply.statusCode).toBe(401);
    expect(reply.headers['set-cookie']).toMatch(/^portal_session=;/);
  });

  it('ends a session at its absolute end however active it is', async () => {
    const cookie = (await personas.sessionCookie('externalReports'))!;
    const hash = await hashOf(cookie);
    await setTimes(hash, { expires: '-1 second' });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('moves last_seen_at forward at most once a minute', async () => {
    const cookie = (await personas.sessionCookie('externalReports'))!;
    const hash = await hashOf(cookie);
    await setTimes(hash, { lastSeen: '20 seconds' });
    const recent = await lastSeen(hash);
    await me(cookie);
    expect(await lastSeen(hash)).toEqual(recent);

    await setTimes(hash, { lastSeen: '2 minutes' });
    const old = await lastSeen(hash);
    await me(cookie);
    expect((await lastSeen(hash)).getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('ends every session of a user who is disabled', async () => {
    const spec = { ...personaSpecs.internalOperations, userId: 'to-disable' };
    await createUser(t.database.db, spec);
    const sessions = await Promise.all(
      [1, 2].map(() =>
        createSession(t.database.db, {
          userId: spec.userId,
          provider: 'sso',
          idToken: null,
          absoluteHours: 8,
        }),
      ),
    );
    for (const s of sessions) expect((await me(`portal_session=${s.sessionId}`)).statusCode).toBe(200);
    await disableUser(t.database.db, spec.userId);
    for (const s of sessions) expect((await me(`portal_session=${s.sessionId}`)).statusCode).toBe(401);
    const left = await t.database.db
      .selectFrom('sessions')
      .where('user_id', '=', spec.userId)
      .selectAll()
      .execute();
    expect(left).toHaveLength(0);
  });

  it('refuses a session whose user was disabled without going through disableUser', async () => {
    const cookie = (await personas.sessionCookie('internalNoFeature'))!;
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: new Date() })
      .where('user_id', '=', personaSpecs.internalNoFeature.userId)
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
    await t.database.db
      .updateTable('users')
      .set({ disabled_at: null })
      .where('user_id', '=', personaSpecs.internalNoFeature.userId)
      .execute();
  });

  it('ends the sessions of a deleted user (the delete cascades)', async () => {
    await createUser(t.database.db, { ...personaSpecs.internalOperations, userId: 'to-delete' });
    const s = await createSession(t.database.db, {
      userId: 'to-delete',
      provider: 'sso',
      idToken: null,
      absoluteHours: 8,
    });
    await t.database.db.deleteFrom('users').where('user_id', '=', 'to-delete').execute();
    expect((await me(`portal_session=${s.sessionId}`)).statusCode).toBe(401);
  });

  it('logs out: the session row goes, the cookie is cleared, the next call is 401', async () => {
    const cookie = (await personas.sessionCookie('externalReports'))!;
    const hash = await hashOf(cookie);
    const reply = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    // This session has no ID token (it was not made by a provider): the portal's own page.
    expect(reply.json()).toEqual({ uri: '/logout' });
    expect(reply.headers['set-cookie']).toMatch(/^portal_session=;.*HttpOnly.*SameSite=Lax/i);
    const row = await t.database.db
      .selectFrom('sessions')
      .where('session_hash', '=', hash)
      .selectAll()
      .execute();
    expect(row).toHaveLength(0);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers logout without a session too', async () => {
    const reply = await t.app.inject('/api/logout');
    expect(reply.json()).toEqual({ uri: '/logout' });
  });
});

describe('session cookie on https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    try {
      const reply = await t.app.inject('/api/logout');
      expect(reply.headers['set-cookie']).toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });
});
