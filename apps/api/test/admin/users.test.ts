import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, auditRows, createAdminTest } from './support.js';

// SPEC.md §5 External user and §9 CSV download, through the API.
describe('external user administration', () => {
  let t: AdminTest;
  const user = (userId: string, extra: Record<string, unknown> = {}) => ({
    userId,
    firstName: 'Ann',
    lastName: 'Lee',
    email: `${userId}@x.example`,
    phone: null,
    features: ['VIEW_REPORTS'],
    partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }] },
    ...extra,
  });
  beforeAll(async () => {
    t = await createAdminTest();
  });
  afterAll(async () => t?.close());

  it("answers 'This field is required.' for a blank userId, first name, last name or email", async () => {
    for (const field of ['userId', 'firstName', 'lastName', 'email']) {
      const reply = await t.call('internalAdmin', 'POST', '/api/users', { ...user('req'), [field]: '  ' });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ message: 'This field is required.', field });
    }
  });

  it('creates an external user with features and partner access; phone is optional', async () => {
    const reply = await t.call('internalAdmin', 'POST', '/api/users', user('ann', { userId: ' ann ' }));
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({
      userId: 'ann',
      phone: null,
      isExternalUser: true,
      isInternalAdmin: false,
      features: ['VIEW_REPORTS'],
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }] },
    });
    const [entry] = await auditRows(t.database.db, 'user');
    expect(entry).toMatchObject({
      action: 'user.create',
      entity_id: 'ann',
      actor_user_id: 'E100001',
      before: null,
    });
  });

  it("refuses a userId in use, case-insensitively: 'This value is already in use.'", async () => {
    const reply = await t.call('internalAdmin', 'POST', '/api/users', user('ANN'));
    expect(reply.status).toBe(409);
    expect(reply.json).toEqual({ message: 'This value is already in use.', field: 'userId' });
    const racing = await Promise.all(
      [1, 2, 3].map(() => t.call('internalAdmin', 'POST', '/api/users', user('racer'))),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('never gives an external user the internal admin feature, INT partners or unknown partners', async () => {
    expect(
      (await t.call('internalAdmin', 'POST', '/api/users', user('x1', { features: ['INTERNAL_ADMIN'] }))).json
        .field,
    ).toBe('features');
    const int = await t.call(
      'internalAdmin',
      'POST',
      '/api/users',
      user('x2', {
        partners: { partnerAccess: [{ accessTypeCode: 'INT', partnerCode: 'OPS' }] },
      }),
    );
    expect(int.json.message).toBe('External users cannot be given the INT access type.');
    const unknown = await t.call(
      'internalAdmin',
      'POST',
      '/api/users',
      user('x3', {
        partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'NOPE' }] },
      }),
    );
    expect(unknown.json.message).toBe('Unknown partner: EXT/NOPE');
  });

  it('edits an external user with the userId locked, replacing features and partner access', async () => {
    const reply = await t.call(
      'internalAdmin',
      'PUT',
      '/api/users',
      user('ANN', {
        firstName: 'Anne',
        phone: '+1 555 0100',
        features: ['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS'],
        partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'ALL' }] },
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      userId: 'ann',
      firstName: 'Anne',
      phone: '+1 555 0100',
      features: ['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS'],
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'ALL' }] },
    });
    const audit = (await auditRows(t.database.db, 'user')).filter((r) => r.action === 'user.update');
    expect(audit[0]?.before).toMatchObject({ firstName: 'Ann', features: ['VIEW_REPORTS'] });
  });

  it("refuses internal users: 'Internal Users cannot be edited.', and unknown ids: 'User ID was not found.'", async () => {
    for (const [method, url, body] of [
      ['PUT', '/api/users', user('E100003')],
      ['DELETE', '/api/users/E100003', undefined],
      ['GET', '/api/users/E100003', undefined],
      ['DELETE', '/api/users/svc-reports', undefined],
    ] as const) {
      const reply = await t.call('internalAdmin', method, url, body);
      expect(reply.status).toBe(400);
      expect(reply.json.message).toBe('Internal Users cannot be edited.');
    }
    for (const [method, url, body] of [
      ['PUT', '/api/users', user('ghost')],
      ['DELETE', '/api/users/ghost', undefined],
      ['GET', '/api/users/ghost', undefined],
    ] as const) {
      const reply = await t.call('internalAdmin', method, url, body);
      expect(reply.status).toBe(404);
      expect(reply.json.message).toBe('User ID was not found.');
    }
  });

  it('lists users filtered and paged; the external list leaves internal users and service accounts out', async () => {
    const all = await t.call('internalAdmin', 'GET', '/api/users?sort=userId&pageSize=100');
    const ids = all.json.users.map((u: { userId: string }) => u.userId);
    expect(ids).toContain('E100001');
    expect(ids).not.toContain('svc-reports');
    const external = await t.call(
      'internalAdmin',
      'GET',
      '/api/external-users?pageSize=2&sort=userId&order=asc',
    );
    expect(external.json.total).toBe(5);
    expect(external.json.users.map((u: { userId: string }) => u.userId)).toEqual([
      'ann',
      'dashboards@demo.portal',
    ]);
    const filtered = await t.call('internalAdmin', 'GET', '/api/external-users?firstName=ANNE');
    expect(filtered.json.users.map((u: { userId: string }) => u.userId)).toEqual(['ann']);
  });

  it('downloads the CSV of §9 with formula cells escaped', async () => {
    await t.call(
      'internalAdmin',
      'POST',
      '/api/users',
      user('formula', { firstName: '=HYPERLINK("http://evil")', lastName: '@SUM(A1)', phone: '-1 555 0100' }),
    );
    const reply = await t.call('internalAdmin', 'GET', '/api/external-users/download?userId=formula');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="external-users.csv"');
    expect(reply.text).toBe(
      'User Id,First Name,Last Name,User Type,Email,Phone\r\n' +
        `formula,"'=HYPERLINK(""http://evil"")",'@SUM(A1),External,formula@x.example,'-1 555 0100\r\n`,
    );
  });

  it('deletes an external user, audited, and refuses non-admins', async () => {
    expect((await t.call('tenantAdmin', 'DELETE', '/api/users/racer')).status).toBe(403);
    expect((await t.call('internalAdmin', 'DELETE', '/api/users/racer')).status).toBe(200);
    expect((await t.call('internalAdmin', 'GET', '/api/users/racer')).status).toBe(404);
    const audit = (await auditRows(t.database.db, 'user')).filter((r) => r.entity_id === 'racer');
    expect(audit.map((r) => r.action)).toEqual(['user.create', 'user.delete']);
  });
});
