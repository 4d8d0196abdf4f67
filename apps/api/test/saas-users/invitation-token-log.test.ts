import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertInvitation, recordInvitationToken, sha256Hex } from '@portal/db';
import { LocalDiskStore } from '@portal/storage';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seedTenantFixtures } from '../authorization/tenant-fixtures.js';

// An invitation link carries its single-use token as ?token=, and the request log records every
// URL: whoever reads the log must not find the token there. The app logs at info level into a
// stream this test reads (createTestApp's app is silent).
let database: TestDatabase;
let app: FastifyInstance;
let filesDir: string;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  filesDir = await mkdtemp(join(tmpdir(), 'portal-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    WEB_DIST: 'apps/web/dist-missing',
  });
  app = await buildApp({
    config,
    database,
    queuePing: async () => 'PONG',
    blobStore: new LocalDiskStore({ root: filesDir }),
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  await seedTenantFixtures(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** The log lines of one request, by the id the reply carries. */
function linesOf(requestId: string) {
  return lines.filter((line) => (JSON.parse(line) as { reqId?: string }).reqId === requestId);
}

describe('the request log', () => {
  it('records an invitation link without its token', async () => {
    const token = `tok${randomBytes(24).toString('hex')}`;
    const invitation = await insertInvitation(database.db, {
      tenantId: 'saas-mxa',
      emailAddress: 'logged@invited.demo',
      userRoleIds: ['mx-store', 'mx-data-a'],
      isThoughtSpotUser: false,
      inviterName: 'Tess',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await recordInvitationToken(database.db, invitation.invitationId, sha256Hex(token));

    const reply = await app.inject({ method: 'GET', url: `/api/saas/invitations/accept?token=${token}` });
    expect(reply.statusCode).toBe(302);
    const logged = linesOf(String(reply.headers['x-request-id']));
    // The request is logged (so the check below is not vacuous), with the name and not the value.
    expect(logged.map((line) => JSON.parse(line).req?.url).filter(Boolean)).toEqual([
      '/api/saas/invitations/accept?token=[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('strips a token from the query of any route, however its name is spelt, keeping the rest', async () => {
    const token = `tok${randomBytes(24).toString('hex')}`;
    const reply = await app.inject({
      method: 'GET',
      url: `/api/user?a=1&%74oken=${token}&b=${token.slice(0, 4)}`,
    });
    const logged = linesOf(String(reply.headers['x-request-id']));
    expect(logged.map((line) => JSON.parse(line).req?.url).filter(Boolean)).toEqual([
      `/api/user?a=1&%74oken=[redacted]&b=${token.slice(0, 4)}`,
    ]);
    expect(lines.join('\n')).not.toContain(token);
  });
});
