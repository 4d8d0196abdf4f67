import { encodeBase64Email } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenantFixtures, type TenantMatrixIds } from '../authorization/tenant-fixtures.js';

// THE TENANT-ISOLATION TABLE: the tenant administrator of tenant A (saas-mxa) calls every SaaS
// route with tenant B's ids, alone or mixed with A's. Each answers 404, as for an id that does
// not exist, and nothing of either tenant changes.
let t: TestApp;
let personas: SeededPersonas;
let ids: TenantMatrixIds;

type Row = { call: string; payload?: unknown };
const table = (i: TenantMatrixIds): Row[] => {
  const userB = encodeBase64Email(i.userOfB);
  const invitedB = encodeBase64Email('mx-invited@mxb.example');
  return [
    { call: `GET /api/saas/user/${i.tenantB}` },
    { call: `GET /api/saas/user/${i.tenantB}/all` },
    { call: `GET /api/saas/user/${i.tenantB}/invitations` },
    { call: `GET /api/saas/role?tenantId=${i.tenantB}` },
    {
      call: `POST /api/saas/user/tenantId/${i.tenantB}/tsUser/false/invite`,
      payload: { inviterName: 'A', emailAddress: 'intruder@example.com', userRoleIds: ['mx-store'] },
    },
    {
      call: `POST /api/saas/user/tenantId/${i.tenantB}/tsUser/true/invite`,
      payload: { inviterName: 'A', emailAddress: 'intruder2@example.com', userRoleIds: ['mx-corporate'] },
    },
    {
      call: `PUT /api/saas/user/${i.tenantB}/${i.userOfB}/roles/tsUser/false/${userB}`,
      payload: ['mx-partner'],
    },
    // A's tenant id with B's user: not a user of A.
    {
      call: `PUT /api/saas/user/${i.tenantA}/${i.userOfB}/roles/tsUser/false/${userB}`,
      payload: ['mx-partner'],
    },
    { call: `DELETE /api/saas/user/${i.tenantB}/${i.userOfB}/email/${userB}` },
    { call: `DELETE /api/saas/user/${i.tenantA}/${i.userOfB}/email/${userB}` },
    { call: `DELETE /api/saas/user/${i.tenantB}/invitations/${i.invitationOfB}/email/${invitedB}` },
    // A's tenant id with B's invitation: not an invitation of A.
    { call: `DELETE /api/saas/user/${i.tenantA}/invitations/${i.invitationOfB}/email/${invitedB}` },
    { call: `POST /api/saas/user/${i.tenantB}/invitations/${i.invitationOfB}/resend` },
    { call: `POST /api/saas/user/${i.tenantA}/invitations/${i.invitationOfB}/resend` },
  ];
};

const TABLE_IDS: TenantMatrixIds = {
  tenantA: 'saas-mxa',
  tenantB: 'saas-mxb',
  userToEdit: '',
  userToDelete: '',
  invitationToDelete: '',
  invitationToResend: '',
  userOfB: 'mx-b@mxb.example',
  invitationOfB: ':invitationOfB',
};

/** Everything a call could change, of both tenants. */
async function snapshot() {
  const db = t.database.db;
  return {
    members: await db.selectFrom('tenant_members').selectAll().orderBy(['tenant_id', 'user_id']).execute(),
    roles: await db
      .selectFrom('tenant_member_roles')
      .selectAll()
      .orderBy(['tenant_id', 'user_id', 'role_id'])
      .execute(),
    invitations: await db.selectFrom('invitations').selectAll().orderBy('invitation_id').execute(),
    outbox: await db.selectFrom('outbox').select(['job_name', 'payload']).execute(),
    audit: await db.selectFrom('audit_log').select(['action', 'entity_id']).execute(),
    sessions: await db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', 'mx-b@mxb.example')
      .execute(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  ids = await seedTenantFixtures(t.database.db);
});
afterAll(async () => t?.close());

describe('tenant isolation: the administrator of tenant A with tenant B’s ids', () => {
  it('has a row for every registered SaaS route that takes a tenant', () => {
    const calls = table(TABLE_IDS).map((row) => row.call.split('?')[0] ?? row.call);
    // Every route of the tenant administration: a tenant in its path, or (roles) in its query.
    const tenantRoutes = t.app.accessTable.filter(
      (r) => r.url.startsWith('/api/saas/') && (r.url.includes(':tenantId') || r.url === '/api/saas/role'),
    );
    expect(tenantRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of tenantRoutes) {
      const pattern = new RegExp(`^${route.method} ${route.url.replace(/:\w+/g, '[^/]+')}$`);
      expect(
        calls.some((call) => pattern.test(call)),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it.each(table(TABLE_IDS).map((row) => [row.call, row] as const))(
    '%s answers 404 and changes nothing',
    async (_name, row) => {
      const [method, rawPath] = row.call.split(' ') as [string, string];
      const path = rawPath.replace(':invitationOfB', ids.invitationOfB);
      const before = await snapshot();
      const reply = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers: await personas.headers('tenantAdmin'),
        ...(row.payload !== undefined && { payload: row.payload as object }),
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toHaveProperty('message');
      expect(await snapshot()).toEqual(before);
    },
  );

  it('lists only tenant A among the tenants of its administrator', async () => {
    const reply = await t.app.inject({
      url: '/api/saas/tenant',
      headers: await personas.headers('tenantAdmin'),
    });
    expect(reply.json().map((x: { tenantId: string }) => x.tenantId)).toEqual(['saas-mxa']);
  });
});
