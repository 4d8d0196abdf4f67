import { createTestApp, type TestApp } from '@portal/testing/api';
import type { SeededPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePartner } from '../../src/plugins/access.js';
import { type MatrixIds, seedMatrixFixtures } from './fixtures.js';
import { otherPartnerOf, ownPartnerOf, partnerRoute, route, run } from './matrix.js';

// The matrix machinery itself, on a probe route scoped by partner as real report routes are.
describe('authorization matrix runner', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let ids: MatrixIds;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady(app) {
          app.get<{ Params: { accessTypeCode: string; partnerCode: string } }>(
            '/api/probe/:accessTypeCode/:partnerCode',
            {
              config: { access: { feature: 'VIEW_REPORTS' } },
              schema: {
                params: {
                  type: 'object',
                  properties: { accessTypeCode: { type: 'string' }, partnerCode: { type: 'string' } },
                },
              },
            },
            async (request) => {
              requirePartner(
                request,
                request.params.accessTypeCode,
                request.params.partnerCode,
                'VIEW_REPORTS',
              );
              return { ok: true };
            },
          );
        },
      },
    );
    ({ personas, ids } = await seedMatrixFixtures(t.database.db, t.app.blobStore));
  });
  afterAll(async () => t?.close());

  it('puts each persona’s own partner, then another partner, in the path', async () => {
    const row = partnerRoute(
      'GET /api/probe/:accessTypeCode/:partnerCode',
      '401 200 403 403 403 200 403 200',
      '401 403 403 403 403 200 403 403',
    );
    expect(await run(t.app, personas, ids, row, ownPartnerOf)).toEqual(row.own);
    expect(await run(t.app, personas, ids, row, otherPartnerOf)).toEqual(row.other);
  });

  it('refuses a row without a status for every persona', () => {
    expect(() => route('GET /api/user', '401 200')).toThrow(/expected 8 statuses/);
  });
});
