import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { listAuditEntries } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { createUser, personaSpecs, seedPartners } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

// scripts/issue-token.ts: the first token, before any admin has signed in.
describe('scripts/issue-token.ts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPartners(t.database.db);
    await createUser(t.database.db, personaSpecs.internalOperations);
  });
  afterAll(async () => t?.close());

  const issue = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/issue-token.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.database.url },
    });

  it('creates the account, prints a working token, and audits both', async () => {
    const { stdout } = await issue(
      '--user',
      'svc-feed',
      '--features',
      'VIEW_REPORTS',
      '--partners',
      'EXT/BJS,EXT/SAM',
      '--days',
      '90',
    );
    const token = stdout.trim();
    expect(token).toMatch(/^psa_/);
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userId: 'svc-feed',
      isServiceAccount: true,
      features: ['VIEW_REPORTS'],
      partners: {
        partnerAccess: [
          { accessTypeCode: 'EXT', partnerCode: 'BJS' },
          { accessTypeCode: 'EXT', partnerCode: 'SAM' },
        ],
      },
    });
    const audit = await listAuditEntries(t.database.db, 'service-account', 'svc-feed');
    expect(audit.map((e) => e.action)).toEqual(['service-account.create', 'service-account.token.issue']);
    expect(audit[0]?.actor_user_id).toMatch(/^cli:/);
  });

  it('issues another token for an existing account without changing it', async () => {
    const { stdout, stderr } = await issue('--user', 'svc-feed', '--features', 'DELETE_REPORTS');
    expect(stderr).toContain('stay as they are');
    const me = await t.app.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${stdout.trim()}` },
    });
    expect(me.json().features).toEqual(['VIEW_REPORTS']);
  });

  it('refuses a person, an unknown partner and INTERNAL_ADMIN', async () => {
    await expect(issue('--user', 'E100002')).rejects.toMatchObject({
      stderr: expect.stringContaining('is a person'),
    });
    await expect(issue('--user', 'svc-x', '--partners', 'EXT/NOPE')).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown partner: EXT/NOPE'),
    });
    await expect(issue('--user', 'svc-y', '--features', 'INTERNAL_ADMIN')).rejects.toMatchObject({ code: 2 });
  });
});
