import { insertInvitation, markInvitationAccepted } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenantFixtures, type TenantMatrixIds } from '../authorization/tenant-fixtures.js';

// The invitation's page, GET /api/saas/invitations/{invitationId} (public): the address the lists
// and the CSV give administrators (invitationUrl). Its status for anyone holding the id, never the
// address or the tenant; what they joined for the person who accepted it; the invitation itself for
// whoever manages its tenant.
let t: TestApp;
let personas: SeededPersonas;
let ids: TenantMatrixIds;

async function read(invitationId: string, persona: Persona = 'anonymous') {
  const reply = await t.app.inject({
    url: `/api/saas/invitations/${invitationId}`,
    headers: await personas.headers(persona),
  });
  return { status: reply.statusCode, body: reply.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  ids = await seedTenantFixtures(t.database.db);
});
afterAll(async () => t?.close());

describe('the invitation’s page', () => {
  it('tells anyone else its status only: not the address, not the tenant', async () => {
    for (const persona of ['anonymous', 'externalReports', 'internalNoFeature'] as const) {
      expect(await read(ids.invitationToResend, persona)).toEqual({
        status: 200,
        body: { invitationId: ids.invitationToResend, status: 'pending' },
      });
    }
    // The administrator of tenant A reading tenant B's invitation is anyone else.
    expect(await read(ids.invitationOfB, 'tenantAdmin')).toEqual({
      status: 200,
      body: { invitationId: ids.invitationOfB, status: 'pending' },
    });
    const text = JSON.stringify((await read(ids.invitationOfB, 'tenantAdmin')).body);
    expect(text).not.toMatch(/mxb|Matrix B|mx-invited/i);
  });

  it('shows the invitation, its roles and tenant to whoever manages its tenant', async () => {
    for (const persona of ['tenantAdmin', 'internalAdmin'] as const) {
      const { status, body } = await read(ids.invitationToResend, persona);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        invitationId: ids.invitationToResend,
        status: 'pending',
        managed: {
          tenantName: 'Matrix A',
          invitation: {
            invitationId: ids.invitationToResend,
            tenantId: 'saas-mxa',
            emailAddress: 'mx-resend@mxa.example',
            invitationUrl: expect.stringMatching(new RegExp(`/invitation/${ids.invitationToResend}$`)),
          },
          roles: [{ roleId: 'mx-store', roleDescription: 'Store Manager' }],
        },
      });
      expect(body).not.toHaveProperty('joined');
      expect(body).not.toHaveProperty('signInAs');
    }
  });

  it('says deleted, expired or accepted when so; an unknown id is not valid', async () => {
    const at = (email: string, change: Record<string, Date>) =>
      insertInvitation(t.database.db, {
        tenantId: 'saas-mxa',
        emailAddress: email,
        userRoleIds: ['mx-store'],
        isThoughtSpotUser: false,
        inviterName: 'T',
        createdAt: new Date(Date.now() - 86_400_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      }).then(async (created) => {
        await t.database.db
          .updateTable('invitations')
          .set(change)
          .where('invitation_id', '=', created.invitationId)
          .execute();
        return created.invitationId;
      });
    const deleted = await at('d@page.example', { deleted_at: new Date() });
    const expired = await at('e@page.example', { expires_at: new Date(Date.now() - 1000) });
    expect((await read(deleted)).body.status).toBe('deleted');
    expect((await read(expired)).body.status).toBe('expired');
    expect((await read(deleted, 'tenantAdmin')).body).toMatchObject({
      status: 'deleted',
      managed: { invitation: { emailAddress: 'd@page.example' } },
    });
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'unknown-invitation']) {
      expect(await read(unknown)).toEqual({
        status: 200,
        body: { invitationId: unknown, status: 'invalid' },
      });
      expect(await read(unknown, 'tenantAdmin')).toEqual({
        status: 200,
        body: { invitationId: unknown, status: 'invalid' },
      });
    }
  });

  it('tells the person who accepted it what they joined, with the invited roles', async () => {
    const created = await insertInvitation(t.database.db, {
      tenantId: 'saas-mxa',
      emailAddress: 'partner@demo.portal',
      userRoleIds: ['mx-corporate', 'mx-data-a', 'mx-ts'],
      isThoughtSpotUser: true,
      inviterName: 'T',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await markInvitationAccepted(t.database.db, created.invitationId, 'partner@demo.portal', new Date());
    expect(await read(created.invitationId, 'externalReports')).toEqual({
      status: 200,
      body: {
        invitationId: created.invitationId,
        status: 'used',
        joined: { tenantName: 'Matrix A', roles: ['Corporate Manager', 'MXA data', 'ThoughtSpot Consumer'] },
      },
    });
    expect((await read(created.invitationId, 'externalDashboards')).body).toEqual({
      invitationId: created.invitationId,
      status: 'used',
    });
  });
});
