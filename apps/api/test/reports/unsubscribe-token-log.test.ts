import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStore } from '@portal/storage';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { redactPathSecrets, secretPathWords } from '../../src/lib/http/request-log.js';
import { rawRequest } from '../support/raw-http.js';
import { seedReportCatalog } from './fixtures.js';

// A one-click unsubscribe link carries its token in the path (/unsubscribe/{token}, and the page
// reads /api/unsubscribe/{token}), and the request log records every URL, those no route answers
// included: whoever reads the log must not find the token there, however the link was spelt.
// The app logs at info level into a stream this test reads; requests go over a raw socket, so
// each path reaches the server exactly as written.

const SEED = Number(process.env.FC_SEED ?? 20261127);
let database: TestDatabase;
let app: FastifyInstance;
let dir: string;
let port: number;
let personas: SeededPersonas;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'portal-unsubscribe-log-'));
  const dist = join(dir, 'dist');
  await mkdir(dist);
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Partner Portal</title>');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    WEB_DIST: dist,
  });
  app = await buildApp({
    config,
    database,
    queuePing: async () => 'PONG',
    blobStore: new LocalDiskStore({ root: join(dir, 'files') }),
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  personas = await seedPersonas(database.db);
  await seedReportCatalog(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A subscription of the reports persona, and its link's token. */
async function subscribedToken(): Promise<string> {
  const followed = await app.inject({
    method: 'PUT',
    url: '/api/reports/EXT/BJS/SETTLEMENT/subscription',
    headers: await personas.headers('externalReports'),
    payload: { delivery: 'AS_THEY_ARRIVE' },
  });
  expect(followed.statusCode).toBe(200);
  const row = await database.db
    .selectFrom('report_subscriptions')
    .select('unsubscribe_token')
    .where('subscription_id', '=', followed.json().subscription.subscriptionId)
    .executeTakeFirstOrThrow();
  return row.unsubscribe_token;
}

/** The URLs the log recorded for the request that answered with this id. */
function loggedUrls(requestId: string | undefined): string[] {
  return lines
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } })
    .filter((entry) => entry.reqId === requestId && entry.req?.url !== undefined)
    .map((entry) => entry.req!.url!);
}

describe('the request log of an unsubscribe', () => {
  it('holds no token: the page, its read and the one-click POST', async () => {
    const token = await subscribedToken();
    const page = await rawRequest(port, {
      method: 'GET',
      target: `/unsubscribe/${token}`,
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    const read = await rawRequest(port, { method: 'GET', target: `/api/unsubscribe/${token}` });
    expect([read.status, JSON.parse(read.body).status]).toEqual([200, 'active']);
    const post = await rawRequest(port, {
      method: 'POST',
      target: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);

    // Each request was logged (so the check below is not vacuous), without its token.
    expect(loggedUrls(page.headers['x-request-id'])).toEqual(['/unsubscribe/[redacted]']);
    expect(loggedUrls(read.headers['x-request-id'])).toEqual(['/api/unsubscribe/[redacted]']);
    expect(loggedUrls(post.headers['x-request-id'])).toEqual(['/unsubscribe/[redacted]']);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('holds no token of a link spelt otherwise, answered by the route or by none', async () => {
    const token = `${randomBytes(24).toString('base64url')}`;
    const targets = [
      `/%75nsubscribe/${token}`,
      `/api/UNSUBSCRIBE/${token}`,
      `/api/unsubscribe/${token}/more`,
      `/unsubscribe;v=1/${token}`,
      `/unsubscribe//${token}`,
      `/unsubscribe/./${token}`,
      `/unsubscribe\\${token}`,
      `/unsubscribe%2F${token}`,
      `/unsubscribe%2f${token}?a=1`,
      `http://127.0.0.1:${port}/unsubscribe/${token}`,
      `/unsubscribe/${token}?token=${token}`,
    ];
    const before = lines.length;
    for (const target of targets) {
      const reply = await rawRequest(port, { method: 'POST', target });
      expect(reply.status, target).toBeLessThan(500);
      expect(loggedUrls(reply.headers['x-request-id']), target).toHaveLength(1);
    }
    expect(lines.slice(before).join('\n')).not.toContain(token);
  });
});

describe('redacting a secret in a path', () => {
  it('takes the fixed segment before a secret parameter of each route as its mark', () => {
    expect(secretPathWords('/api/unsubscribe/:token')).toEqual(['unsubscribe']);
    expect(secretPathWords('/links/:linkId/:resetToken/confirm')).toEqual(['links']);
    expect(secretPathWords('/api/admin/service-accounts/:userId/tokens/:tokenId')).toEqual([]);
    expect(secretPathWords('/api/token')).toEqual([]);
    expect(() => secretPathWords('/:token')).toThrow(/needs a fixed segment before it/);
  });

  const words = new Set(['unsubscribe']);
  it.each([
    ['/unsubscribe/abc', '/unsubscribe/[redacted]'],
    ['/api/unsubscribe/abc/def', '/api/unsubscribe/[redacted]'],
    ['/api/%55nsubscribe%2Fabc', '/api/%55nsubscribe/[redacted]'],
    ['/unsubscribe', '/unsubscribe'],
    ['/unsubscribe/', '/unsubscribe/'],
    ['/unsubscribed/abc', '/unsubscribed/abc'],
    ['/not-unsubscribe/abc', '/not-unsubscribe/abc'],
    ['/api/reports', '/api/reports'],
    ['/%zz/unsubscribe;x/abc', '/%zz/unsubscribe/[redacted]'],
  ])('%s is logged as %s', (path, logged) => {
    expect(redactPathSecrets(path, words)).toBe(logged);
  });

  it('leaves no token of a path whose mark is spelt in any mix of case and escapes', () => {
    const letter = (char: string) =>
      fc
        .constantFrom('plain', 'upper', 'escaped', 'escapedLower')
        .map((how) =>
          how === 'plain'
            ? char
            : how === 'upper'
              ? char.toUpperCase()
              : `%${char.charCodeAt(0).toString(16)[how === 'escaped' ? 'toUpperCase' : 'toLowerCase']()}`,
        );
    const mark = fc.tuple(...[...'unsubscribe'].map(letter)).map((chars) => chars.join(''));
    const separator = fc.constantFrom('/', '//', '\\', ';v=1/', '%2F', '/./', '/%2e/');
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
    fc.assert(
      fc.property(fc.constantFrom('', '/api'), mark, separator, token, (prefix, spelt, sep, secret) => {
        expect(redactPathSecrets(`${prefix}/${spelt}${sep}${secret}`, words)).toBe(
          `${prefix}/${spelt}/[redacted]`,
        );
      }),
      { seed: SEED },
    );
  });
});
