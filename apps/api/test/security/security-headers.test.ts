import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The security headers are worked out once at boot (plugins/external/security-headers.ts): every reply,
// signed in or not, carries them, and the dashboards' frame sources reach the policy.
describe('security headers', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  beforeAll(async () => {
    t = await createTestApp({ THOUGHTSPOT_HOST: 'https://ts.example.com', THOUGHTSPOT_SECRET: 'secret' });
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => t?.close());

  it('are on the replies of public and signed-in calls, the same each time', async () => {
    const replies = [
      await t.app.inject('/healthz'),
      await t.app.inject({ url: '/api/user', headers: await personas.headers('externalReports') }),
      await t.app.inject('/api/user'),
    ];
    for (const reply of replies) {
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("give a page the document policy, with the dashboards' frame sources", async () => {
    const page = await t.app.inject({ url: '/api/docs', headers: await personas.headers('internalAdmin') });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain('https://ts.example.com');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('leaves the headers that steer only a document off JSON replies', async () => {
    const json = await t.app.inject({ url: '/api/user', headers: await personas.headers('externalReports') });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    for (const name of [
      'cross-origin-opener-policy',
      'referrer-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(json.headers[name], name).toBeUndefined();
    }
    // A reply that is not JSON (the queue board's page, a document) keeps them.
    const page = await t.app.inject({ url: '/api/docs', headers: await personas.headers('internalAdmin') });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['x-permitted-cross-domain-policies']).toBe('none');
  });
});
