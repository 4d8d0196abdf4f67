import { createTestApp, type TestApp } from '@portal/testing/api';
import { seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('API foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers /healthz and /readyz with Postgres and Redis up', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'OK' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ database: 'OK', queue: 'OK' });
  });

  it('puts a request id on every reply', async () => {
    const reply = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(reply.headers['x-request-id']).toBe('abc-123');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const reply = await t.app.inject('/api/no-such-thing');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toContain('not found');
  });

  it('serves the OpenAPI document to signed-in internal users', async () => {
    const personas = await seedPersonas(t.database.db);
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(401);
    const reply = await t.app.inject({
      url: '/api/docs/json',
      headers: await personas.headers('internalAdmin'),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().openapi).toMatch(/^3\./);
  });
});

describe('configuration', () => {
  it('stops with a message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('reads defaults and marks cookies secure only for https', () => {
    expect(loadConfig({}).PORT).toBe(8000);
    expect(loadConfig({}).cookieSecure).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).cookieSecure).toBe(true);
  });
});
