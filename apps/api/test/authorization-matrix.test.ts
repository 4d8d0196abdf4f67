import { type DevSso, startDevSso } from '@portal/dev-sso';
import { createTestApp, type TestApp } from '@portal/testing/api';
import type { SeededPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatrixIds, seedMatrixFixtures } from './authorization/fixtures.js';
import {
  hasPartnerInPath,
  otherPartnerOf,
  ownPartnerOf,
  run,
  type Transport,
} from './authorization/matrix.js';
import { routesTable } from './authorization/routes-table.js';

// Every registered route against every persona, on the real server and database, twice: through
// Fastify's inject and through a real socket to the listening server (each on its own database, as
// the rows change data). The table lives in authorization/routes-table.ts; this file fails while a
// registered route has no row there.
describe.each<Transport>(['inject', 'socket'])('authorization matrix (%s)', (transport) => {
  let t: TestApp;
  let sso: DevSso;
  let personas: SeededPersonas;
  let ids: MatrixIds;

  beforeAll(async () => {
    sso = await startDevSso({
      port: 0,
      clients: [
        {
          clientId: 'portal',
          clientSecret: 'matrix',
          redirectUris: ['http://localhost:8000/api/login/oauth2/code/sso'],
          postLogoutRedirectUris: [],
        },
      ],
    });
    t = await createTestApp({
      DEV_SSO_ISSUER: sso.issuer,
      DEV_SSO_CLIENT_SECRET: 'matrix',
      LOGIN_RATE_LIMIT: '10000',
    });
    ({ personas, ids } = await seedMatrixFixtures(t.database.db, t.app.blobStore));
    if (transport === 'socket') await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await sso?.close();
  });

  it('has exactly one row for every registered route', () => {
    const registered = t.app.accessTable.map((r) => `${r.method} ${r.url}`);
    const rows = routesTable.map((row) => row.route);
    const missing = registered.filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !registered.includes(r));
    const twice = rows.filter((r, i) => rows.indexOf(r) !== i);
    expect(missing, 'routes without a row in test/authorization/routes-table.ts').toEqual([]);
    expect(stale, 'rows for routes that do not exist').toEqual([]);
    expect(twice, 'routes with two rows').toEqual([]);
  });

  it('gives routes with a partner in the path both partner columns', () => {
    for (const row of routesTable) {
      const partnerScoped = hasPartnerInPath(row.route);
      expect(Boolean(row.own && row.other), `${row.route}: use partnerRoute()`).toBe(partnerScoped);
      expect(Boolean(row.expected), `${row.route}: use route()`).toBe(!partnerScoped);
    }
  });

  describe.each(routesTable.map((row) => [row.route, row] as const))('%s', (_, row) => {
    if (row.expected) {
      it('answers each persona as the table says', async () => {
        expect(await run(t.app, personas, ids, row, undefined, transport)).toEqual(row.expected);
      });
    } else {
      it("answers each persona as the table says, with the persona's own partner", async () => {
        expect(await run(t.app, personas, ids, row, ownPartnerOf, transport)).toEqual(row.own);
      });
      it('answers each persona as the table says, with another partner', async () => {
        expect(await run(t.app, personas, ids, row, otherPartnerOf, transport)).toEqual(row.other);
      });
    }
  });
});
