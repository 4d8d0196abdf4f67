import { listAuditEntries, sha256Hex } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Service accounts: created by internal admins, they call the API with tokens that carry exactly
// the account's permissions, expire, and can be revoked; disabling the account refuses them all.
describe('service accounts', () => {
  let t: TestApp;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => t?.close());

  const call = async (
    persona: Persona,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => t.app.inject({ method, url, payload: payload as object, headers: await personas.headers(persona) });
  const asToken = (token: string, url: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  async function createAccount(userId: string, partnerCode = 'SAM') {
    const reply = await call('internalAdmin', 'POST', '/api/admin/service-accounts', {
      userId,
      name: 'Nightly export',
      features: ['VIEW_REPORTS'],
      partnerAccess: [{ accessTypeCode: 'EXT', partnerCode }],
    });
    expect(reply.statusCode).toBe(201);
    return reply.json();
  }
  async function issueToken(userId: string, days = 30) {
    const reply = await call('internalAdmin', 'POST', `/api/admin/service-accounts/${userId}/tokens`, {
      name: 'ci',
      days,
    });
    expect(reply.statusCode).toBe(201);
    return reply.json() as { tokenId: string; token: string; expiresAt: string };
  }

  it('lets an internal admin create an account, and audits it in the same transaction', async () => {
    const account = await createAccount('svc-export');
    expect(account).toMatchObject({
      userId: 'svc-export',
      name: 'Nightly export',
      features: ['VIEW_REPORTS'],
      partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }],
      disabledAt: null,
      tokens: [],
    });
    const [entry] = await listAuditEntries(t.database.db, 'service-account', 'svc-export');
    expect(entry).toMatchObject({
      actor_user_id: 'E100001',
      action: 'service-account.create',
      before: null,
      after: { name: 'Nightly export', features: ['VIEW_REPORTS'] },
    });
  });

  it('refuses a duplicate id, an unknown partner and the INTERNAL_ADMIN feature', async () => {
    const body = { name: 'x', features: [], partnerAccess: [] };
    const duplicate = await call('internalAdmin', 'POST', '/api/admin/service-accounts', {
      ...body,
      userId: 'E100002',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('This value is already in use.');
    const unknown = await call('internalAdmin', 'POST', '/api/admin/service-accounts', {
      ...body,
      userId: 'svc-unknown',
      partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'NOPE' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown partner: EXT/NOPE');
    const admin = await call('internalAdmin', 'POST', '/api/admin/service-accounts', {
      ...body,
      userId: 'svc-admin',
      features: ['INTERNAL_ADMIN'],
    });
    expect(admin.statusCode).toBe(400);
  });

  it('keeps service accounts to internal admins', async () => {
    for (const persona of ['internalOperations', 'tenantAdmin', 'serviceAccount'] as const) {
      expect((await call(persona, 'GET', '/api/admin/service-accounts')).statusCode).toBe(403);
    }
  });

  it('issues a token shown once and stored only as its hash', async () => {
    await createAccount('svc-hash');
    const issued = await issueToken('svc-hash', 10);
    expect(issued.token).toMatch(/^psa_[A-Za-z0-9_-]{40,}$/);
    const days = (Date.parse(issued.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThanOrEqual(10);
    const row = await t.database.db
      .selectFrom('service_account_tokens')
      .selectAll()
      .where('token_id', '=', issued.tokenId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);
    const list = await call('internalAdmin', 'GET', '/api/admin/service-accounts');
    const listed = JSON.stringify(list.json());
    expect(listed).toContain(issued.tokenId);
    expect(listed).not.toContain(issued.token);
    expect(listed).not.toContain(row.token_hash);
  });

  it('gives a token exactly the permissions of its account', async () => {
    await createAccount('svc-perms', 'WSI');
    const { token } = await issueToken('svc-perms');
    const me = await asToken(token, '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userId: 'svc-perms',
      isServiceAccount: true,
      isInternalAdmin: false,
      features: ['VIEW_REPORTS'],
      partners: { partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'WSI' }] },
    });
    expect((await asToken(token, '/api/admin/service-accounts')).statusCode).toBe(403);
    expect((await asToken('psa_not-a-token', '/api/user')).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    await createAccount('svc-expiry');
    const { token, tokenId } = await issueToken('svc-expiry');
    expect((await asToken(token, '/api/user')).statusCode).toBe(200);
    await t.database.db
      .updateTable('service_account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_id', '=', tokenId)
      .execute();
    expect((await asToken(token, '/api/user')).statusCode).toBe(401);
  });

  it('refuses a revoked token, and audits the revocation', async () => {
    await createAccount('svc-revoke');
    const first = await issueToken('svc-revoke');
    const second = await issueToken('svc-revoke');
    const revoke = await call(
      'internalAdmin',
      'DELETE',
      `/api/admin/service-accounts/svc-revoke/tokens/${first.tokenId}`,
    );
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    expect((await asToken(first.token, '/api/user')).statusCode).toBe(401);
    expect((await asToken(second.token, '/api/user')).statusCode).toBe(200);
    const actions = (await listAuditEntries(t.database.db, 'service-account', 'svc-revoke')).map(
      (e) => e.action,
    );
    expect(actions).toEqual([
      'service-account.create',
      'service-account.token.issue',
      'service-account.token.issue',
      'service-account.token.revoke',
    ]);
    const unknown = await call(
      'internalAdmin',
      'DELETE',
      '/api/admin/service-accounts/svc-revoke/tokens/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses every token of a disabled account and issues no new one', async () => {
    await createAccount('svc-disable');
    const { token } = await issueToken('svc-disable');
    const disable = await call('internalAdmin', 'PUT', '/api/admin/service-accounts/svc-disable/disable');
    expect(disable.statusCode).toBe(200);
    expect(disable.json().disabledAt).not.toBeNull();
    expect((await asToken(token, '/api/user')).statusCode).toBe(401);
    const again = await call('internalAdmin', 'POST', '/api/admin/service-accounts/svc-disable/tokens', {});
    expect(again.statusCode).toBe(409);
    const [, entry] = await listAuditEntries(t.database.db, 'service-account', 'svc-disable');
    expect(entry).toMatchObject({ action: 'service-account.token.issue' });
    const last = (await listAuditEntries(t.database.db, 'service-account', 'svc-disable')).at(-1);
    expect(last).toMatchObject({ action: 'service-account.disable', before: { disabledAt: null } });
    expect((last?.after as { disabledAt: string } | undefined)?.disabledAt).toBeTruthy();
  });

  it('does not treat a person as a service account', async () => {
    const reply = await call('internalAdmin', 'PUT', '/api/admin/service-accounts/E100002/disable');
    expect(reply.statusCode).toBe(404);
  });
});
