import { forbiddenCharacterMessage } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import type { Persona, SeededPersonas } from '@portal/testing/personas';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareApiRoutes, inputGatePlugin } from '../../src/plugins/input-gate.js';
import { type MatrixIds, seedMatrixFixtures } from '../authorization/fixtures.js';

// ISSUE 11 points 3, 4 and 7: one input gate for the whole API. A NUL or a lone UTF-16
// surrogate anywhere in a body, a query or a path answers 400 naming the field (never 500, never
// stored, never turned into U+FFFD); a JSON value of the wrong type is refused, not coerced.
describe('the input gate', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let ids: MatrixIds;

  beforeAll(async () => {
    t = await createTestApp();
    ({ personas, ids } = await seedMatrixFixtures(t.database.db, t.app.blobStore));
  });
  afterAll(async () => t?.close());

  const call = async (
    persona: Persona,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(await personas.headers(persona)),
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      ...(payload !== undefined && { payload }),
    });

  describe('refuses NUL in paths and queries (point 3)', () => {
    it.each([
      ['externalReports', '/api/logo/%00', 'partnerCode'],
      ['externalReports', '/api/marketing/latest/%00', 'partnerCode'],
      ['externalReports', '/api/reports/EXT/BJS/%00', 'reportCategoryCode'],
      ['externalReports', '/api/reports/EXT/B%00JS/SETTLEMENT', 'partnerCode'],
      ['internalAdmin', '/api/users?firstName=%00', 'firstName'],
      ['internalAdmin', '/api/users?firstName=a&firstName=%00', 'firstName[1]'],
    ] as const)('%s GET %s: 400 naming %s', async (persona, url, field) => {
      const reply = await call(persona, 'GET', url);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field });
      expect(reply.json().message).toContain(field);
    });

    it('DELETE /api/users/%00: 400 naming userId', async () => {
      const reply = await call('internalAdmin', 'DELETE', '/api/users/%00');
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field: 'userId' });
    });
  });

  describe('refuses NUL and lone surrogates in bodies, stores nothing (points 3 and 4)', () => {
    const count = async (table: 'faqs' | 'frequency_types' | 'partners') => {
      const row = await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    it.each([
      ['POST', '/api/faqs', '{"question":"a\\u0000b","answer":"c"}', 'question', 'faqs'],
      ['POST', '/api/faqs', '{"question":"q?","answer":"a\\ud800"}', 'answer', 'faqs'],
      ['POST', '/api/faqs', '{"question":"q?","answer":"a\\udc00b"}', 'answer', 'faqs'],
      ['POST', '/api/faqs', '{"question":"q?","answer":"a","x\\u0000":1}', 'x\u0000', 'faqs'],
      ['POST', '/api/frequency-types', '{"code":"ZZSUR1","name":"a\\ud800b"}', 'name', 'frequency_types'],
      [
        'POST',
        '/api/partners',
        '{"code":"ZZSUR","name":"Surrogate \\ud800","type":"EXT","categories":[]}',
        'name',
        'partners',
      ],
    ] as const)('%s %s %s: 400 naming %s', async (method, url, payload, field, table) => {
      const before = await count(table);
      const reply = await call('internalAdmin', method, url, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field });
      expect(await count(table)).toBe(before);
    });

    it('names a nested field by its path', async () => {
      const reply = await call(
        'internalAdmin',
        'POST',
        '/api/admin/service-accounts',
        '{"userId":"svc-x","name":"X","features":[],"partnerAccess":[{"accessTypeCode":"EXT","partnerCode":"B\\u0000"}]}',
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field: 'partnerAccess[0].partnerCode' });
    });

    it('PUT /api/saas/user/updateSelf with a lone surrogate: 400, the name unchanged', async () => {
      const reply = await call(
        'externalReports',
        'PUT',
        '/api/saas/user/updateSelf',
        '{"firstName":"Tess\\ud800","lastName":"Row"}',
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field: 'firstName' });
      const user = await t.database.db
        .selectFrom('users')
        .select('first_name')
        .where('user_id', '=', 'partner@demo.portal')
        .executeTakeFirstOrThrow();
      expect(user.first_name).not.toContain('Tess');
    });

    it('accepts well-formed text outside the BMP (a surrogate pair)', async () => {
      const reply = await call(
        'internalAdmin',
        'POST',
        '/api/faqs',
        '{"question":"Pairs \\ud83d\\ude00?","answer":"ok"}',
      );
      expect(reply.statusCode).toBe(201);
      expect(reply.json().question).toBe('Pairs \u{1f600}?');
    });
  });

  describe('applies its text rule outside /api too: Bull Board, the proxies, the demo Tableau sign-in', () => {
    it.each([
      ['PUT', '/admin/queues/api/queues/%00/pause', '{}', 'queueName'],
      ['POST', '/admin/queues/api/queues/mail/add', '{"name":"a\\u0000b","data":{}}', 'name'],
      ['PUT', '/admin/queues/api/queues/mail/obliterate', '"\\u0000"', 'body'],
      ['POST', '/vizportal/api/web/v1/auth/embed/signin', '{"jwt":"a\\ud800"}', 'jwt'],
    ] as const)('%s %s %s: 400 naming %s', async (method, url, payload, field) => {
      const reply = await call('internalAdmin', method, url, payload);
      expect(reply.statusCode).toBe(400);
      // Bull Board answers errors with its own handler: the message, which names the field.
      expect(reply.json().message).toBe(forbiddenCharacterMessage(field));
    });

    it('leaves a raw body passed through to a vendor unread', async () => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/content/mx-matrix/',
        headers: { ...(await personas.headers('internalAdmin')), 'content-type': 'application/octet-stream' },
        payload: Buffer.from('a\u0000b'),
      });
      // The demo has no content at the matrix dashboard's path: its own 404, not the gate's 400.
      expect(reply.statusCode).toBe(404);
    });
  });

  describe('refuses wrong JSON types instead of coercing them (point 7)', () => {
    it('PUT /api/faqs {"id":true} is 400 and edits nothing', async () => {
      const before = await t.database.db.selectFrom('faqs').selectAll().orderBy('faq_id').execute();
      const reply = await call(
        'internalAdmin',
        'PUT',
        '/api/faqs',
        '{"id":true,"question":"Coerced?","answer":"x"}',
      );
      expect(reply.statusCode).toBe(400);
      expect(await t.database.db.selectFrom('faqs').selectAll().orderBy('faq_id').execute()).toEqual(before);
    });

    it('PUT /api/faqs {"id":"1"} (a string id in a body) is 400', async () => {
      const reply = await call(
        'internalAdmin',
        'PUT',
        '/api/faqs',
        `{"id":"${ids.faqId}","question":"Q?","answer":"x"}`,
      );
      expect(reply.statusCode).toBe(400);
    });

    it('POST /api/partners {"code":true} is 400 and creates no partner "true"', async () => {
      const reply = await call(
        'internalAdmin',
        'POST',
        '/api/partners',
        '{"code":true,"name":"Yes","type":"EXT","categories":[]}',
      );
      expect(reply.statusCode).toBe(400);
      const partner = await t.database.db
        .selectFrom('partners')
        .select('code')
        .where('code', 'in', ['true', 'TRUE'])
        .executeTakeFirst();
      expect(partner).toBeUndefined();
    });

    it('POST /api/faqs {"question":12} is 400', async () => {
      const reply = await call('internalAdmin', 'POST', '/api/faqs', '{"question":12,"answer":"x"}');
      expect(reply.statusCode).toBe(400);
    });

    it('reads path numbers from digit strings only', async () => {
      const hex = await call('internalAdmin', 'DELETE', `/api/faqs/0x${ids.faqToDelete.toString(16)}`);
      expect(hex.statusCode).toBe(400);
      const exponent = await call('internalAdmin', 'DELETE', `/api/faqs/${ids.faqToDelete}e0`);
      expect(exponent.statusCode).toBe(400);
      const spaced = await call('internalAdmin', 'DELETE', `/api/faqs/%20${ids.faqToDelete}`);
      expect(spaced.statusCode).toBe(400);
      const digits = await call('internalAdmin', 'DELETE', `/api/faqs/${ids.faqToDelete}`);
      expect(digits.statusCode).toBe(200);
    });

    it('answers invalid JSON with 400', async () => {
      const reply = await call('internalAdmin', 'POST', '/api/faqs', '{"question":');
      expect(reply.statusCode).toBe(400);
    });
  });
});

describe('every path and query parameter has a schema', () => {
  const probe = async (schema: Record<string, unknown>) => {
    const app = Fastify();
    await app.register(inputGatePlugin);
    await app.register(async (api) => {
      declareApiRoutes(api);
      api.get('/api/probe/:id', { schema }, async (request) => ({
        params: request.params,
        query: request.query,
      }));
    });
    await app.ready();
    return app;
  };

  it('holds only the routes of a place declared as the API to its rules, whatever their paths', async () => {
    const app = Fastify();
    await app.register(inputGatePlugin);
    // Another's plugin, under /api/ too: its parameter has no schema, and the app still boots.
    app.get('/api/docs/:file', async (request) => request.params);
    await app.ready();
    expect((await app.inject({ url: '/api/docs/x?y=1' })).json()).toEqual({ file: 'x' });
    await app.close();
  });

  it('fails the boot when a route declares no schema for a path parameter', async () => {
    await expect(probe({})).rejects.toThrow(
      /GET \/api\/probe\/:id declares no schema for its path parameter\(s\) id/,
    );
  });

  it('reads declared query numbers from digit strings only and drops undeclared parameters', async () => {
    const app = await probe({
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      querystring: {
        type: 'object',
        properties: { page: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
      },
    });
    const ok = await app.inject({ url: '/api/probe/7?page=2&tags=a&extra=x' });
    expect(ok.json()).toEqual({ params: { id: 7 }, query: { page: 2, tags: ['a'] } });
    for (const url of [
      '/api/probe/7?page=2e0',
      '/api/probe/7?page=0x2',
      '/api/probe/7?page=',
      '/api/probe/true',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(400);
    }
    await app.close();
  });

  it('gives a route without a query schema no query parameters at all', async () => {
    const app = await probe({ params: { type: 'object', properties: { id: { type: 'string' } } } });
    expect((await app.inject({ url: '/api/probe/a?x=1' })).json()).toEqual({
      params: { id: 'a' },
      query: {},
    });
    await app.close();
  });
});
