import { addTenantMember, insertInvitation } from '@portal/db';
import { encodeBase64Email, INVITATION_RESEND_REFUSALS, OUTRANKED_MESSAGES } from '@portal/domain';
import type { SaasInvitation } from '@portal/domain/api/tenants';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { outboxText, TOKEN_IN_LINK } from '@portal/testing/workers/invitations-at-rest';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenantFixtures, type TenantMatrixIds } from '../authorization/tenant-fixtures.js';
import { TestBrowser } from '../support/browser.js';
import { type PortalWithSso, startPortalWithSso } from '../support/portal-with-sso.js';

// Resend (issue 24): POST /api/saas/user/{tenantId}/invitations/{invitationId}/resend renews a
// pending invitation's expiry and mails a new link through the real path (outbox → relay →
// BullMQ → mail worker → SMTP); the link mailed before stops working at once, the new one is
// accepted through the real sign-in.
const DAY = 86_400_000;
let t: PortalWithSso;
let personas: SeededPersonas;
let ids: TenantMatrixIds;
let mail: MailHarness;

beforeAll(async () => {
  t = await startPortalWithSso();
  personas = await seedPersonas(t.database.db);
  ids = await seedTenantFixtures(t.database.db);
  mail = await startMailWorkers({
    handle: t.database,
    redisUrl: REDIS_URL,
    prefix: randomPrefix(),
    queues: ['invitations', 'mail'],
  });
});
afterAll(async () => {
  await mail?.stop();
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const reply = await t.app.inject({
    method,
    url,
    headers: await personas.headers('tenantAdmin'),
    ...(payload && { payload }),
  });
  return { status: reply.statusCode, body: reply.body ? reply.json() : undefined };
}
const resend = (tenantId: string, invitationId: string) =>
  call('POST', `/api/saas/user/${tenantId}/invitations/${invitationId}/resend`);

const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((to) => to.value.map((a) => a.address));
const mailsTo = (address: string) => mail.smtp.messages.filter((m) => recipients(m).includes(address));
const tokenOf = (m: ParsedMail) => /accept\?token=([A-Za-z0-9_-]+)/.exec(m.text ?? '')?.[1] ?? '';
/** Where the e-mail's link sends a browser first: the sign-in server, or a page saying why not. */
const opens = async (token: string) =>
  (await t.app.inject({ url: `/api/saas/invitations/accept?token=${token}` })).headers.location;

/** What a refused resend must leave as it was. */
async function snapshot(invitationId: string) {
  const db = t.database.db;
  return {
    invitation: await db
      .selectFrom('invitations')
      .selectAll()
      .where('invitation_id', '=', invitationId)
      .executeTakeFirst(),
    outbox: (await db.selectFrom('outbox').select('outbox_id').execute()).length,
    audit: (await db.selectFrom('audit_log').select('action').execute()).length,
  };
}

function pendingInvitation(tenantId: string, email: string, userRoleIds = ['mx-store', 'mx-data-a']) {
  return insertInvitation(t.database.db, {
    tenantId,
    emailAddress: email,
    userRoleIds,
    isThoughtSpotUser: false,
    inviterName: 'Tess',
    createdAt: new Date(Date.now() - DAY),
    expiresAt: new Date(Date.now() + DAY),
  });
}

describe('resending an invitation', () => {
  it('renews the expiry and mails a new link; the old link stops working at once, the new one is accepted', async () => {
    const address = 'resent.person@invited.demo';
    const invited = await call('POST', '/api/saas/user/tenantId/saas-mxa/tsUser/false/invite', {
      inviterName: '',
      emailAddress: address,
      userRoleIds: ['mx-corporate'],
    });
    expect(invited.status).toBe(201);
    const invitationId = (invited.body as SaasInvitation).invitationId;
    const [first] = await waitFor('the first e-mail', () => mailsTo(address)[0] && mailsTo(address), 30_000);
    const oldToken = tokenOf(first!);
    expect(await opens(oldToken)).toMatch(/\/auth\?/);

    // An hour before it would expire, the administrator resends it.
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() + 3_600_000) })
      .where('invitation_id', '=', invitationId)
      .execute();
    const asked = Date.now();
    const reply = await resend('saas-mxa', invitationId);
    expect(reply.status).toBe(200);
    const renewed = reply.body as SaasInvitation;
    expect(renewed).toMatchObject({ invitationId, emailAddress: address, tenantId: 'saas-mxa' });
    const expiry = Date.parse(renewed.invitationExpirationTimeStamp);
    expect(expiry).toBeGreaterThanOrEqual(asked + 7 * DAY);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    // The link already mailed is refused at once, before the new e-mail goes out, and after.
    expect(await opens(oldToken)).toBe('/invitation?status=invalid');
    const second = await waitFor('the second e-mail', () => mailsTo(address)[1], 30_000);
    const newToken = tokenOf(second);
    expect(newToken).not.toBe(oldToken);
    expect(await opens(oldToken)).toBe('/invitation?status=invalid');

    // Audited; the mail job carries the invitation's id only, never the link's token.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'invitation.resend')
      .execute();
    expect(audit).toEqual([{ action: 'invitation.resend', entity_id: invitationId }]);
    const outbox = await outboxText(t.database.db);
    expect(outbox).not.toContain(newToken);
    expect(outbox).not.toMatch(TOKEN_IN_LINK);

    // The new link is accepted through the sign-in.
    const browser = new TestBrowser();
    const inPortal = (u: URL) => u.origin === t.publicUrl && !u.pathname.startsWith('/api/');
    const { response, url } = await browser.follow(
      `${t.publicUrl}/api/saas/invitations/accept?token=${newToken}`,
      {},
      inPortal,
    );
    const landed = await browser.submitForm(
      url,
      await response.text(),
      { login: address, password: 'demo' },
      inPortal,
    );
    expect(landed.url.pathname).toBe(`/invitation/${invitationId}`);
    const member = await t.database.db
      .selectFrom('tenant_members')
      .select('tenant_id')
      .where('user_id', '=', address)
      .execute();
    expect(member).toEqual([{ tenant_id: 'saas-mxa' }]);
    expect(mailsTo(address)).toHaveLength(2);

    // Accepted, it is no longer resent.
    expect(await resend('saas-mxa', invitationId)).toEqual({
      status: 409,
      body: { message: INVITATION_RESEND_REFUSALS.used },
    });
  });

  it('refuses an invitation that was deleted, has expired or was accepted (409), changing nothing', async () => {
    const deleted = await pendingInvitation('saas-mxa', 'gone@resend.example');
    const email = encodeBase64Email('gone@resend.example');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/saas/user/saas-mxa/invitations/${deleted.invitationId}/email/${email}`,
          headers: await personas.headers('tenantAdmin'),
        })
      ).statusCode,
    ).toBe(204);
    const expired = await pendingInvitation('saas-mxa', 'late@resend.example');
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('invitation_id', '=', expired.invitationId)
      .execute();
    const used = await pendingInvitation('saas-mxa', 'taken@resend.example');
    await t.database.db
      .updateTable('invitations')
      .set({ accepted_at: new Date() })
      .where('invitation_id', '=', used.invitationId)
      .execute();
    for (const [invitation, status] of [
      [deleted, 'deleted'],
      [expired, 'expired'],
      [used, 'used'],
    ] as const) {
      const before = await snapshot(invitation.invitationId);
      expect(await resend('saas-mxa', invitation.invitationId)).toEqual({
        status: 409,
        body: { message: INVITATION_RESEND_REFUSALS[status] },
      });
      expect(await snapshot(invitation.invitationId)).toEqual(before);
    }
  });

  it('answers 404 for another tenant’s invitation, by its tenant or by the caller’s, changing nothing', async () => {
    const before = await snapshot(ids.invitationOfB);
    for (const tenantId of [ids.tenantB, ids.tenantA]) {
      const reply = await resend(tenantId, ids.invitationOfB);
      expect(reply.status).toBe(404);
    }
    expect(await resend(ids.tenantA, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404 });
    expect(await snapshot(ids.invitationOfB)).toEqual(before);
  });

  it('refuses an administrator an invitation for a role ranked above their own (403); an internal admin resends it', async () => {
    // saas-mxr: the tenant persona holds only Corporate Manager there.
    await t.database.db
      .insertInto('tenants')
      .values({ tenant_id: 'saas-mxr', display_name: 'Matrix R', logo_url: null })
      .execute();
    await addTenantMember(
      t.database.db,
      {
        tenantId: 'saas-mxr',
        userId: 'tenant-admin@demo.portal',
        emailAddress: 'tenant-admin@demo.portal',
        firstName: 'T',
        lastName: 'A',
      },
      ['mx-corporate'],
    );
    const above = await pendingInvitation('saas-mxr', 'boss@resend.example', ['mx-partner']);
    const before = await snapshot(above.invitationId);
    expect(await resend('saas-mxr', above.invitationId)).toEqual({
      status: 403,
      body: { message: OUTRANKED_MESSAGES.resendInvitation },
    });
    expect(await snapshot(above.invitationId)).toEqual(before);
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/saas/user/saas-mxr/invitations/${above.invitationId}/resend`,
      headers: await personas.headers('internalAdmin'),
    });
    expect(asAdmin.statusCode).toBe(200);
  });
});
