import { FeatureNotHoldableError, setUserAccess } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { createUser, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Who may hold the MANAGE_ features (docs/notes/spec.md; packages/domain/src/access/feature-holders.ts):
// external users never MANAGE_PARTNERS, MANAGE_REPORT_CATEGORIES nor MANAGE_DASHBOARDS; service
// accounts anything but INTERNAL_ADMIN. Enforced on every grant: the admin forms and setUserAccess.
let t: TestApp;
let personas: SeededPersonas;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  admin = await personas.headers('internalAdmin');
});
afterAll(async () => t?.close());

const externalUser = (userId: string, features: string[]) => ({
  userId,
  firstName: 'Ext',
  lastName: 'User',
  email: `${userId}@x.example`,
  features,
  partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }] },
});

describe('external users', () => {
  it.each(['MANAGE_PARTNERS', 'MANAGE_REPORT_CATEGORIES', 'MANAGE_DASHBOARDS'])(
    'are never given %s',
    async (feature) => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: externalUser(`ext-${feature.toLowerCase()}`, ['VIEW_REPORTS', feature]),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        field: 'features',
        message: `The ${feature} feature cannot be given to an external user.`,
      });
      const saved = await t.database.db
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', `ext-${feature.toLowerCase()}`)
        .executeTakeFirst();
      expect(saved).toBeUndefined();
    },
  );

  it('may manage marketing content and external users of their partners', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: externalUser('ext-marketing', ['MANAGE_MARKETING_CONTENT', 'MANAGE_EXTERNAL_USERS']),
    });
    expect(reply.statusCode).toBe(201);
  });

  it('are refused the feature by the one function that grants features, whoever calls it', async () => {
    await createUser(t.database.db, {
      userId: 'ext-direct',
      isExternalUser: true,
      features: [],
      partnerAccess: [],
    });
    await expect(
      setUserAccess(t.database.db, 'ext-direct', { features: ['MANAGE_DASHBOARDS'], partnerGrants: [] }),
    ).rejects.toBeInstanceOf(FeatureNotHoldableError);
    const features = await t.database.db
      .selectFrom('user_features')
      .select('feature')
      .where('user_id', '=', 'ext-direct')
      .execute();
    expect(features).toEqual([]);
  });
});

describe('service accounts', () => {
  const create = (userId: string, features: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/service-accounts',
      headers: admin,
      payload: {
        userId,
        name: userId,
        features,
        partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
      },
    });

  it('may hold the MANAGE_ features, scoped by their partner access', async () => {
    const reply = await create('svc-manager', [
      'MANAGE_PARTNERS',
      'MANAGE_REPORT_CATEGORIES',
      'MANAGE_DASHBOARDS',
    ]);
    expect(reply.statusCode).toBe(201);
  });

  it('never hold INTERNAL_ADMIN', async () => {
    expect((await create('svc-admin', ['INTERNAL_ADMIN'])).statusCode).toBe(400);
  });
});
