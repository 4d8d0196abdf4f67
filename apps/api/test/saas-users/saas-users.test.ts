import { addTenantMember } from '@portal/db';
import { encodeBase64Email, MESSAGES } from '@portal/domain';
import type { InvitationsReply, SaasInvitation, SaasRole, SaasUsersReply } from '@portal/domain/api/tenants';
import { invitationsCsv, saasUsersCsv } from '@portal/domain/common/csv';
import { createTestApp, type TestApp } from '@portal/testing/api';
import type { Persona, SeededPersonas } from '@portal/testing/personas';
import { seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenantFixtures, type TenantMatrixIds } from '../authorization/tenant-fixtures.js';

// SPEC.md §5–§7 for tenant users: the rules of roles and invitations, paging, base64 emails and
// the CSV of all users, through the real routes on a real database.
let t: TestApp;
let personas: SeededPersonas;
let ids: TenantMatrixIds;

async function call(
  persona: Persona,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const reply = await t.app.inject({
    method,
    url,
    headers: await personas.headers(persona),
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: reply.statusCode, body: reply.body ? reply.json() : undefined };
}
const invite = (tenantId: string, ts: 'true' | 'false', body: unknown, persona: Persona = 'tenantAdmin') =>
  call(persona, 'POST', `/api/saas/user/tenantId/${tenantId}/tsUser/${ts}/invite`, body);
const rolesOf = (tenantId: string, userId: string) =>
  t.database.db
    .selectFrom('tenant_member_roles')
    .select('role_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('role_id')
    .execute()
    .then((rows) => rows.map((r) => r.role_id));

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  ids = await seedTenantFixtures(t.database.db);
  // saas-mxc: the tenant persona holds only Corporate Manager there (for the no-escalation rule).
  await t.database.db
    .insertInto('tenants')
    .values({ tenant_id: 'saas-mxc', display_name: 'Matrix C', logo_url: null })
    .execute();
  await t.database.db
    .insertInto('roles')
    .values({ role_id: 'mx-data-c', role_name: 'DATA_MXC', role_description: 'MXC data', rank: null })
    .execute();
  await addTenantMember(
    t.database.db,
    {
      tenantId: 'saas-mxc',
      userId: 'tenant-admin@demo.portal',
      emailAddress: 'tenant-admin@demo.portal',
      firstName: 'T',
      lastName: 'A',
    },
    ['mx-corporate', 'mx-data-c'],
  );
  await addTenantMember(
    t.database.db,
    {
      tenantId: 'saas-mxc',
      userId: 'boss@mxc.example',
      emailAddress: 'boss@mxc.example',
      firstName: 'B',
      lastName: 'C',
    },
    ['mx-partner', 'mx-data-c'],
  );
});
afterAll(async () => t?.close());

describe('roles', () => {
  it('offers the external roles by rank, an _ONLY_ role only to the tenant its name includes, then the consumer role', async () => {
    const a = await call('tenantAdmin', 'GET', `/api/saas/role?tenantId=${ids.tenantA}`);
    expect((a.body as SaasRole[]).map((r) => r.roleDescription)).toEqual([
      'Store Manager',
      'Corporate Manager',
      'MXA Regional',
      'Partner Manager',
      'ThoughtSpot Consumer',
    ]);
    const c = await call('tenantAdmin', 'GET', '/api/saas/role?tenantId=saas-mxc');
    expect((c.body as SaasRole[]).map((r) => r.roleName)).not.toContain('EXT_ONLY_MXA_REGIONAL');
    const internal = await call('internalAdmin', 'GET', '/api/saas/role?tenantId=saas-mxc');
    expect((internal.body as SaasRole[]).map((r) => r.rank)).toEqual([1, 2, 3, null]);
  });

  it('offers a tenant administrator only the roles they may grant (none above their own rank)', async () => {
    // In saas-mxc the tenant persona is Corporate Manager (2): Partner Manager (3) is not offered.
    const c = await call('tenantAdmin', 'GET', '/api/saas/role?tenantId=saas-mxc');
    expect((c.body as SaasRole[]).map((r) => r.roleId)).toEqual(['mx-store', 'mx-corporate', 'mx-ts']);
  });
});

describe('roles without a tenant (issue 23, point 6)', () => {
  it("lists a tenant administrator the data roles of their own tenants only, not another tenant's", async () => {
    // The tenant persona is a member of saas-mxa and saas-mxc, not of saas-mxb (whose data role is DATA_MXB).
    const mine = await call('tenantAdmin', 'GET', '/api/saas/role');
    expect(mine.status).toBe(200);
    expect((mine.body as SaasRole[]).map((r) => r.roleName)).not.toContain('DATA_MXB');
    // The external roles of those tenants by rank, their data roles, then the consumer role.
    expect((mine.body as SaasRole[]).map((r) => r.roleId)).toEqual([
      'mx-store',
      'mx-corporate',
      'mx-only-mxa',
      'mx-partner',
      'mx-data-a',
      'mx-data-c',
      'mx-ts',
    ]);
    const other = await call('tenantAdmin', 'GET', `/api/saas/role?tenantId=${ids.tenantB}`);
    expect(other).toEqual({ status: 404, body: { message: 'Tenant not found.' } });
  });

  it("lists an internal admin every role, every tenant's data role included", async () => {
    const all = await call('internalAdmin', 'GET', '/api/saas/role');
    expect((all.body as SaasRole[]).map((r) => r.roleName)).toEqual(
      expect.arrayContaining(['DATA_MXA', 'DATA_MXB', 'DATA_MXC', 'THOUGHTSPOT_CONSUMER']),
    );
  });
});

describe('inviting', () => {
  it('attaches the tenant data role always and the consumer role when the box is ticked; the outbox gets the mail job', async () => {
    const reply = await invite(ids.tenantA, 'true', {
      inviterName: 'Tess Tenant',
      emailAddress: ' New.Person@Example.com ',
      userRoleIds: ['mx-corporate'],
    });
    expect(reply.status).toBe(201);
    const invitation = reply.body as SaasInvitation;
    expect(invitation).toMatchObject({
      tenantId: ids.tenantA,
      emailAddress: 'New.Person@Example.com',
      userRoleIds: ['mx-corporate', 'mx-data-a', 'mx-ts'],
      isThoughtSpotUser: true,
      inviterName: 'Tess Tenant',
    });
    expect(invitation.invitationUrl).toMatch(new RegExp(`/invitation/${invitation.invitationId}$`));
    const created = Date.parse(invitation.invitationCreationTimeStamp);
    expect(Date.parse(invitation.invitationExpirationTimeStamp) - created).toBe(7 * 86_400_000);
    const jobs = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('job_name', '=', 'invitations.send')
      .execute();
    expect(jobs.map((j) => j.payload)).toContainEqual({ invitationId: invitation.invitationId });
  });

  it('reads the ThoughtSpot flag from the query as well (the spec’s second reading)', async () => {
    const reply = await call(
      'tenantAdmin',
      'POST',
      `/api/saas/user/tenantId/${ids.tenantA}/tsUser/false/invite?isThoughtSpotUser=true`,
      { inviterName: 'T', emailAddress: 'query.flag@example.com', userRoleIds: ['mx-store'] },
    );
    expect(reply.status).toBe(201);
    expect((reply.body as SaasInvitation).userRoleIds).toContain('mx-ts');
  });

  it('refuses a second invitation, or an invitation of a member, with a clear message', async () => {
    const again = await invite(ids.tenantA, 'false', {
      inviterName: 'T',
      emailAddress: 'NEW.PERSON@example.com',
      userRoleIds: ['mx-store'],
    });
    expect(again).toEqual({
      status: 409,
      body: { message: 'An invitation is already pending for this email address.' },
    });
    const member = await invite(ids.tenantA, 'false', {
      inviterName: 'T',
      emailAddress: 'MX-EDIT@mxa.example',
      userRoleIds: ['mx-store'],
    });
    expect(member).toEqual({
      status: 409,
      body: { message: 'This email address already belongs to a user of this tenant.' },
    });
  });

  it('needs a valid email and exactly one offered external role', async () => {
    expect(
      await invite(ids.tenantA, 'false', {
        inviterName: 'T',
        emailAddress: 'not-an-email',
        userRoleIds: ['mx-store'],
      }),
    ).toEqual({ status: 400, body: { message: MESSAGES.inviteInvalid, field: 'emailAddress' } });
    expect(
      await invite(ids.tenantA, 'false', {
        inviterName: 'T',
        emailAddress: 'ok@example.com',
        userRoleIds: [],
      }),
    ).toEqual({ status: 400, body: { message: MESSAGES.inviteInvalid } });
    const two = await invite(ids.tenantA, 'false', {
      inviterName: 'T',
      emailAddress: 'two@example.com',
      userRoleIds: ['mx-store', 'mx-corporate'],
    });
    expect(two).toEqual({ status: 400, body: { message: MESSAGES.inviteInvalid } });
    const onlyOther = await invite('saas-mxc', 'false', {
      inviterName: 'T',
      emailAddress: 'regional@example.com',
      userRoleIds: ['mx-only-mxa'],
    });
    expect(onlyOther.status).toBe(400);
  });

  it('refuses an address the mailer would read otherwise, naming the field and storing nothing (issue 23)', async () => {
    const stored = async () => ({
      invitations: await t.database.db.selectFrom('invitations').select('invitation_id').execute(),
      outbox: await t.database.db.selectFrom('outbox').select('outbox_id').execute(),
      audit: await t.database.db.selectFrom('audit_log').select('audit_id').execute(),
    });
    const before = await stored();
    for (const emailAddress of [
      '<img/src=x/onerror=alert(1)>@invited.demo',
      'Ann <ann@invited.demo>',
      'ann@invited.demo, bob@invited.demo',
      'ann@invited.demo>',
      '"ann"@invited.demo',
    ]) {
      expect(
        await invite(ids.tenantA, 'false', { emailAddress, userRoleIds: ['mx-store'] }),
        emailAddress,
      ).toEqual({
        status: 400,
        body: { message: MESSAGES.inviteInvalid, field: 'emailAddress' },
      });
    }
    expect(await stored()).toEqual(before);
    const named = await t.database.db
      .selectFrom('invitations')
      .select('email_address')
      .where('email_address', 'like', '%invited.demo%')
      .execute();
    expect(named).toEqual([]);
  });

  it('lets no tenant administrator grant a role ranked above their own; internal admins grant any', async () => {
    const body = { inviterName: 'T', emailAddress: 'up@example.com', userRoleIds: ['mx-partner'] };
    expect(await invite('saas-mxc', 'false', body)).toEqual({
      status: 403,
      body: { message: 'You may not grant a role ranked above your own.' },
    });
    expect(await invite('saas-mxc', 'false', { ...body, userRoleIds: ['mx-corporate'] })).toMatchObject({
      status: 201,
    });
    expect(
      await invite('saas-mxc', 'false', { ...body, emailAddress: 'up2@example.com' }, 'internalAdmin'),
    ).toMatchObject({ status: 201 });
    // Nor change or remove someone ranked above them, told in words that fit the action (issue 24).
    const boss = encodeBase64Email('boss@mxc.example');
    expect(
      await call(
        'tenantAdmin',
        'PUT',
        `/api/saas/user/saas-mxc/boss@mxc.example/roles/tsUser/false/${boss}`,
        ['mx-store'],
      ),
    ).toEqual({ status: 403, body: { message: 'You may not change the roles of a user ranked above you.' } });
    expect(
      await call('tenantAdmin', 'DELETE', `/api/saas/user/saas-mxc/boss@mxc.example/email/${boss}`),
    ).toEqual({ status: 403, body: { message: 'You may not remove a user ranked above you.' } });
    expect(await rolesOf('saas-mxc', 'boss@mxc.example')).toEqual(['mx-data-c', 'mx-partner']);
  });
});

describe('editing roles and deleting', () => {
  it('replaces the roles by the rules; the consumer role goes when unticked', async () => {
    const email = encodeBase64Email(ids.userToEdit);
    const url = (ts: string) => `/api/saas/user/${ids.tenantA}/${ids.userToEdit}/roles/tsUser/${ts}/${email}`;
    const ticked = await call('tenantAdmin', 'PUT', url('true'), ['mx-corporate']);
    expect(ticked.status).toBe(200);
    expect(await rolesOf(ids.tenantA, ids.userToEdit)).toEqual(['mx-corporate', 'mx-data-a', 'mx-ts']);
    await call('tenantAdmin', 'PUT', url('false'), ['mx-store', 'mx-ts']);
    expect(await rolesOf(ids.tenantA, ids.userToEdit)).toEqual(['mx-data-a', 'mx-store']);
    expect((await call('tenantAdmin', 'PUT', url('false'), [])).body).toEqual({
      message: MESSAGES.selectRole,
    });
  });

  it('takes emails in base64 and refuses one that is not the record’s', async () => {
    const url = (encoded: string) =>
      `/api/saas/user/${ids.tenantA}/${ids.userToEdit}/roles/tsUser/false/${encoded}`;
    const urlSafe = Buffer.from(ids.userToEdit.toUpperCase()).toString('base64url');
    expect((await call('tenantAdmin', 'PUT', url(urlSafe), ['mx-store'])).status).toBe(200);
    const wrong = await call('tenantAdmin', 'PUT', url(encodeBase64Email('other@mxa.example')), [
      'mx-corporate',
    ]);
    expect(wrong).toEqual({ status: 400, body: { message: 'The email address does not match this user.' } });
    expect((await call('tenantAdmin', 'PUT', url('not*base64'), ['mx-corporate'])).status).toBe(400);
    expect(await rolesOf(ids.tenantA, ids.userToEdit)).toEqual(['mx-data-a', 'mx-store']);
  });

  it('deletes a pending invitation (then 404) and a user’s membership of that tenant only, ending their sessions', async () => {
    const invitation = await invite(ids.tenantA, 'false', {
      inviterName: 'T',
      emailAddress: 'to-withdraw@example.com',
      userRoleIds: ['mx-store'],
    });
    const { invitationId } = invitation.body as SaasInvitation;
    const path = `/api/saas/user/${ids.tenantA}/invitations/${invitationId}/email/`;
    expect(
      (await call('tenantAdmin', 'DELETE', path + encodeBase64Email('someone@else.example'))).status,
    ).toBe(400);
    expect(
      (await call('tenantAdmin', 'DELETE', path + encodeBase64Email('to-withdraw@example.com'))).status,
    ).toBe(204);
    expect(
      (await call('tenantAdmin', 'DELETE', path + encodeBase64Email('to-withdraw@example.com'))).status,
    ).toBe(404);

    // A person in two tenants: removed from A, still in B, sessions kept.
    await addTenantMember(
      t.database.db,
      {
        tenantId: ids.tenantB,
        userId: ids.userToDelete,
        emailAddress: ids.userToDelete,
        firstName: '',
        lastName: '',
      },
      ['mx-store'],
    );
    await t.database.db
      .insertInto('users')
      .values({ user_id: ids.userToDelete, email: ids.userToDelete })
      .execute();
    await t.database.db
      .insertInto('sessions')
      .values({
        session_hash: 'h-del',
        user_id: ids.userToDelete,
        provider: 'sso',
        id_token: null,
        last_seen_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const remove = `/api/saas/user/${ids.tenantA}/${ids.userToDelete}/email/${encodeBase64Email(ids.userToDelete)}`;
    expect((await call('tenantAdmin', 'DELETE', remove)).status).toBe(204);
    expect(await rolesOf(ids.tenantA, ids.userToDelete)).toEqual([]);
    expect(await rolesOf(ids.tenantB, ids.userToDelete)).toEqual(['mx-store']);
    const sessions = () =>
      t.database.db
        .selectFrom('sessions')
        .select('session_hash')
        .where('user_id', '=', ids.userToDelete)
        .execute();
    expect(await sessions()).toHaveLength(1);
    // Removed from B as well (by an internal admin): they belong nowhere now, their sessions end.
    const removeB = `/api/saas/user/${ids.tenantB}/${ids.userToDelete}/email/${encodeBase64Email(ids.userToDelete)}`;
    expect((await call('internalAdmin', 'DELETE', removeB)).status).toBe(204);
    expect(await sessions()).toHaveLength(0);
  });

  it('keeps the sessions of an internal user removed from their last tenant: they belong to the portal', async () => {
    const staff = 'Staff.Member@corp.example';
    const db = t.database.db;
    await db.insertInto('users').values({ user_id: staff, email: staff, is_external_user: false }).execute();
    await addTenantMember(
      db,
      { tenantId: ids.tenantA, userId: staff, emailAddress: staff, firstName: 'S', lastName: 'M' },
      ['mx-store', 'mx-data-a'],
    );
    await db
      .insertInto('sessions')
      .values({
        session_hash: 'h-internal',
        user_id: staff,
        provider: 'sso',
        id_token: null,
        last_seen_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const remove = `/api/saas/user/${ids.tenantA}/${staff}/email/${encodeBase64Email(staff)}`;
    expect((await call('internalAdmin', 'DELETE', remove)).status).toBe(204);
    expect(await rolesOf(ids.tenantA, staff)).toEqual([]);
    const sessions = await db
      .selectFrom('sessions')
      .select('session_hash')
      .where('user_id', '=', staff)
      .execute();
    expect(sessions).toEqual([{ session_hash: 'h-internal' }]);
  });
});

describe('lists', () => {
  beforeAll(async () => {
    const db = t.database.db;
    await db
      .insertInto('tenants')
      .values({ tenant_id: 'saas-many', display_name: 'Many', logo_url: null })
      .execute();
    await db
      .insertInto('tenant_members')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          tenant_id: 'saas-many',
          user_id: `u${String(i).padStart(3, '0')}@many.example`,
          email_address:
            i === 0
              ? '=HYPERLINK("http://evil")@many.example'
              : `u${String(i).padStart(3, '0')}@many.example`,
        })),
      )
      .execute();
    await db
      .insertInto('tenant_member_roles')
      .values({ tenant_id: 'saas-many', user_id: 'u000@many.example', role_id: 'mx-store' })
      .execute();
    const now = Date.now();
    await db
      .insertInto('invitations')
      .values(
        Array.from({ length: 105 }, (_, i) => ({
          tenant_id: 'saas-many',
          email_address: `i${i}@many.example`,
          user_role_ids: ['mx-store'],
          created_at: new Date(now - i * 1000),
          // Five have expired: they drop out of the pending list.
          expires_at: new Date(i < 5 ? now - 1000 : now + 86_400_000),
        })),
      )
      .execute();
  });

  it('pages users by 50 with the total count', async () => {
    const first = (await call('internalAdmin', 'GET', '/api/saas/user/saas-many')).body as SaasUsersReply;
    expect(first).toMatchObject({ count: 120, page: 1, limit: 50 });
    expect(first.users).toHaveLength(50);
    const last = (await call('internalAdmin', 'GET', '/api/saas/user/saas-many?page=3'))
      .body as SaasUsersReply;
    expect(last.users).toHaveLength(20);
    expect((await call('internalAdmin', 'GET', '/api/saas/user/saas-many?limit=51')).status).toBe(400);
    // The SPA sends limit and page as the spec's call does.
    const spa = (await call('internalAdmin', 'GET', '/api/saas/user/saas-many?limit=50&page=2'))
      .body as SaasUsersReply;
    expect(spa).toMatchObject({ count: 120, page: 2, limit: 50 });
    expect(spa.users).toHaveLength(50);
    for (const bad of ['limit=0', 'limit=abc', 'page=0']) {
      expect((await call('internalAdmin', 'GET', `/api/saas/user/saas-many?${bad}`)).status).toBe(400);
    }
  });

  it('pages pending invitations by 100 (first, previous, next), expired ones left out', async () => {
    const first = (await call('internalAdmin', 'GET', '/api/saas/user/saas-many/invitations'))
      .body as InvitationsReply;
    expect(first.invitations).toHaveLength(100);
    expect(first.hasNext).toBe(false);
    expect(first.invitations.map((i) => i.emailAddress)).not.toContain('i0@many.example');
    const small = (await call('internalAdmin', 'GET', '/api/saas/user/saas-many/invitations?limit=40&page=3'))
      .body as InvitationsReply;
    expect(small).toMatchObject({ page: 3, limit: 40, hasNext: false });
    expect(small.invitations).toHaveLength(20);
    const spa = (await call('internalAdmin', 'GET', '/api/saas/user/saas-many/invitations?limit=100&page=1'))
      .body as InvitationsReply;
    expect(spa).toMatchObject({ page: 1, limit: 100, hasNext: false });
    expect(spa.invitations).toHaveLength(100);
    expect(
      (await call('internalAdmin', 'GET', '/api/saas/user/saas-many/invitations?limit=101')).status,
    ).toBe(400);
  });

  it('escapes formula-looking values (= + - @ first) in the users and invitations CSV', async () => {
    const db = t.database.db;
    const formulas = ['=1+1@csv.example', '+cmd@csv.example', '-2+3@csv.example', '@SUM(A1)@csv.example'];
    await db
      .insertInto('tenants')
      .values({ tenant_id: 'saas-csv', display_name: 'CSV', logo_url: null })
      .execute();
    await db
      .insertInto('roles')
      .values({ role_id: 'csv-data', role_name: 'DATA_CSV', role_description: '@Data', rank: null })
      .execute();
    await db
      .insertInto('tenant_members')
      .values(formulas.map((email) => ({ tenant_id: 'saas-csv', user_id: email, email_address: email })))
      .execute();
    await db
      .insertInto('tenant_member_roles')
      .values(formulas.map((email) => ({ tenant_id: 'saas-csv', user_id: email, role_id: 'csv-data' })))
      .execute();
    await db
      .insertInto('invitations')
      .values(
        formulas.map((email) => ({
          tenant_id: 'saas-csv',
          email_address: email,
          user_role_ids: ['mx-store'],
          expires_at: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();

    const users = await call('internalAdmin', 'GET', '/api/saas/user/saas-csv/all');
    const usersCsv = saasUsersCsv(users.body as SaasUsersReply['users']);
    const invitations = await call(
      'internalAdmin',
      'GET',
      '/api/saas/user/saas-csv/invitations?limit=100&page=1',
    );
    const invitesCsv = invitationsCsv((invitations.body as InvitationsReply).invitations);
    for (const csv of [usersCsv, invitesCsv]) {
      const rows = csv.trimEnd().split('\r\n').slice(1);
      expect(rows).toHaveLength(formulas.length);
      // Every cell starting with a formula character is quoted with a leading apostrophe.
      for (const cell of rows.flatMap((row) => row.split(','))) expect(cell).not.toMatch(/^"?[=+\-@]/);
      expect(rows.map((row) => row.split(',')[0]).sort()).toEqual(formulas.map((f) => `'${f}`).sort());
    }
    expect(usersCsv).toContain(`'=1+1@csv.example,'@Data`);
  });

  it('gives all users for the CSV, whose formula-looking values are escaped', async () => {
    const all = await call('internalAdmin', 'GET', '/api/saas/user/saas-many/all');
    expect(all.body).toHaveLength(120);
    const csv = saasUsersCsv(all.body as SaasUsersReply['users']);
    expect(csv.split('\r\n')[0]).toBe('Email,Roles');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")@many.example",Store Manager`);
    expect(csv).not.toMatch(/(^|\r\n)=/);
  });

  it('lists the tenants the caller manages', async () => {
    const mine = await call('tenantAdmin', 'GET', '/api/saas/tenant');
    expect((mine.body as { tenantId: string }[]).map((x) => x.tenantId).sort()).toEqual([
      'saas-mxa',
      'saas-mxc',
    ]);
  });
});
