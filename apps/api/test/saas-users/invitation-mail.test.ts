import { findInvitationByTokenHash, sha256Hex } from '@portal/db';
import type { SaasInvitation } from '@portal/domain/api/tenants';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { outboxText, redisText, TOKEN_IN_LINK } from '@portal/testing/workers/invitations-at-rest';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenantFixtures } from '../authorization/tenant-fixtures.js';

// An invitation from the invite call to the invitee's mailbox, through the real path: API → outbox
// → relay → BullMQ → invitations worker → mail worker → a real SMTP server (issue 23, points 2 and 7).
const prefix = randomPrefix();
let t: TestApp;
let personas: SeededPersonas;
let mail: MailHarness;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  await seedTenantFixtures(t.database.db);
  mail = await startMailWorkers({
    handle: t.database,
    redisUrl: REDIS_URL,
    prefix,
    queues: ['invitations', 'mail'],
  });
});
afterAll(async () => {
  await mail?.stop();
  await t?.close();
});

async function invite(body: { inviterName?: string; emailAddress: string }) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/saas/user/tenantId/saas-mxa/tsUser/false/invite',
    headers: await personas.headers('tenantAdmin'),
    payload: { ...body, userRoleIds: ['mx-store'] },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json() as SaasInvitation;
}

const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((to) => to.value.map((a) => a.address));
const mailTo = (address: string) =>
  waitFor(
    'the invitation e-mail',
    () => mail.smtp.messages.find((m) => recipients(m).includes(address)),
    30_000,
  );
const tokenOf = (m: ParsedMail) => /accept\?token=([A-Za-z0-9_-]+)/.exec(m.text ?? '')?.[1] ?? '';

describe('the invitation e-mail', () => {
  it('names the signed-in inviter from their own record, never lines the client sent as inviterName', async () => {
    const invitation = await invite({
      inviterName: 'Tess\r\nBcc: x@evil.example',
      emailAddress: 'named@invited.demo',
    });
    // The tenant persona's own record says Tess Tenant.
    expect(invitation.inviterName).toBe('Tess Tenant');
    const sent = await mailTo('named@invited.demo');
    expect(sent.subject).toBe('Tess Tenant invited you to Matrix A on the Partner Portal');
    expect(sent.text).toContain('Tess Tenant invited you to join Matrix A on the Partner Portal.');
    const lines = (sent.text ?? '').split(/\r?\n/);
    expect(lines.filter((line) => /^\s*bcc\s*:/i.test(line))).toEqual([]);
    expect(sent.text).not.toContain('evil.example');
    expect(sent.headers.has('bcc')).toBe(false);
    expect(recipients(sent)).toEqual(['named@invited.demo']);
  });

  it('leaves the link’s token nowhere at rest once mailed: not in the outbox, not in Redis; the link opens the invitation', async () => {
    const invitation = await invite({ emailAddress: 'at.rest@invited.demo' });
    const sent = await mailTo('at.rest@invited.demo');
    const token = tokenOf(sent);
    expect(token.length).toBeGreaterThanOrEqual(32);

    const mailJobId = `invitation-mail-${invitation.invitationId}`;
    await waitFor('the mail job to be recorded as completed', async () => {
      const redis = await redisText(REDIS_URL, prefix);
      return (
        redis.text.includes(`${prefix}:mail:completed`) && redis.keys.includes(`${prefix}:mail:${mailJobId}`)
      );
    });
    const redis = await redisText(REDIS_URL, prefix);
    expect(redis.text).toContain(invitation.invitationId);
    expect(redis.text).not.toContain(token);
    expect(redis.text).not.toMatch(TOKEN_IN_LINK);
    const outbox = await outboxText(t.database.db);
    expect(outbox).toContain(mailJobId);
    expect(outbox).not.toContain(token);
    expect(outbox).not.toMatch(TOKEN_IN_LINK);

    // The link in the e-mail is the invitation's: it leads on to sign-in, where a made-up one does not.
    expect((await findInvitationByTokenHash(t.database.db, sha256Hex(token)))?.invitationId).toBe(
      invitation.invitationId,
    );
    const opened = await t.app.inject({ method: 'GET', url: `/api/saas/invitations/accept?token=${token}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).not.toMatch(/^\/invitation\?status=/);
    const madeUp = await t.app.inject({ method: 'GET', url: `/api/saas/invitations/accept?token=x${token}` });
    expect(madeUp.headers.location).toBe('/invitation?status=invalid');
  });
});
