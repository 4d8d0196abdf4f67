import { listAuditEntries } from '@portal/db';
import { FEATURES } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('the signed-in user', () => {
  let t: TestApp;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => t?.close());

  const get = async (url: string, persona: Persona) =>
    t.app.inject({ url, headers: await personas.headers(persona) });
  const updateSelf = async (persona: Persona, payload: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/saas/user/updateSelf',
      payload,
      headers: await personas.headers(persona),
    });

  it('describes an external user with features and partner access', async () => {
    const reply = await get('/api/user', 'externalReports');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      userId: 'partner@demo.portal',
      firstName: 'Pat',
      lastName: 'Partner',
      email: 'partner@demo.portal',
      phone: null,
      commonId: null,
      isExternalUser: true,
      isInternalAdmin: false,
      isServiceAccount: false,
      features: ['VIEW_ALL_DASHBOARDS', 'VIEW_REPORTS', 'VIEW_TS_DASHBOARDS'],
      partners: {
        partnerAccess: [
          { accessTypeCode: 'EXT', partnerCode: 'BJS' },
          { accessTypeCode: 'EXT', partnerCode: 'SAM' },
        ],
      },
    });
  });

  it('lists every feature for an internal admin', async () => {
    const user = (await get('/api/user', 'internalAdmin')).json();
    expect(user.isInternalAdmin).toBe(true);
    expect(user.features).toEqual([...FEATURES]);
  });

  it('answers the status call with OK and the user when signed in, UNAUTHENTICATED otherwise, never 401', async () => {
    const user = (await get('/api/user', 'internalNoFeature')).json();
    expect((await get('/api/user/authenticated', 'internalNoFeature')).json()).toEqual({
      status: 'OK',
      user,
    });
    const anonymous = await get('/api/user/authenticated', 'anonymous');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'UNAUTHENTICATED' });
    const ended = await t.app.inject({
      url: '/api/user/authenticated',
      cookies: { portal_session: 'a-session-that-ended' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ status: 'UNAUTHENTICATED' });
    // The cookie of a session that is no more is cleared.
    expect(String(ended.headers['set-cookie'])).toMatch(/portal_session=;/);
  });

  it('lets a user whose id is their email edit their trimmed name, and audits it', async () => {
    const reply = await updateSelf('externalDashboards', { firstName: '  Danielle ', lastName: 'Dash ' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ firstName: 'Danielle', lastName: 'Dash' });
    expect((await get('/api/user', 'externalDashboards')).json()).toMatchObject({ firstName: 'Danielle' });
    const [entry] = await listAuditEntries(t.database.db, 'user', 'dashboards@demo.portal');
    expect(entry).toMatchObject({
      actor_user_id: 'dashboards@demo.portal',
      action: 'user.update-self',
      before: { firstName: 'Dana', lastName: 'Dashboards' },
      after: { firstName: 'Danielle', lastName: 'Dash' },
    });
  });

  it('requires both names after trimming', async () => {
    const reply = await updateSelf('externalReports', { firstName: '   ', lastName: 'Partner' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: 'This field is required.', field: 'firstName' });
  });

  it('refuses the edit when the user id is not the email', async () => {
    const reply = await updateSelf('internalAdmin', { firstName: 'Avery', lastName: 'Admin' });
    expect(reply.statusCode).toBe(403);
    expect(await listAuditEntries(t.database.db, 'user', 'E100001')).toHaveLength(0);
  });
});
