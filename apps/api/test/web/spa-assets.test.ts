import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { seedPersonas } from '@portal/testing/personas';
import { precompress } from '@portal/web/vite-precompress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';

// The built SPA as the API serves it: hashed assets precompressed at build time (the Vite plugin
// of apps/web, run here on a small build) and kept a year; index.html asked again every time.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;
const html = `<!doctype html><html lang="en"><head><title>Partner Portal</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

describe('the SPA build as served', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), html);
    await writeFile(join(dist, 'assets', 'index-AbC123.js'), script);
    const plugin = precompress() as unknown as {
      configResolved(config: { root: string; build: { outDir: string } }): void;
      closeBundle(): Promise<void>;
    };
    plugin.configResolved({ root: dist, build: { outDir: '.' } });
    await plugin.closeBundle();
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli when asked, kept a year and immutable', async () => {
    const reply = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    // Only what a script needs: no document policies on every asset of a phone's first load.
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toBeUndefined();
    // HSTS is the host's: index.html carries it, each hashed file need not.
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    expect(reply.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gzip = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets index.html be kept as immutable, nor by a shared cache', async () => {
    for (const url of ['/', '/partners/EXT/P1/report-categories', '/index.html']) {
      const reply = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('private, no-cache');
      expect(reply.headers['cache-control'], url).not.toMatch(/immutable|public|max-age/);
      expect(reply.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(reply.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
  });

  it('compresses JSON replies above the threshold and marks API replies private, not stored', async () => {
    // The API docs (for signed-in internal users): a large JSON reply.
    const personas = await seedPersonas(t.database.db);
    const signedIn = await personas.headers('internalAdmin');
    const docs = await t.app.inject({
      url: '/api/docs/json',
      headers: { ...signedIn, 'accept-encoding': 'br' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ url: '/api/user', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe('private, no-store');
  });

  it('answers every page of the route table with index.html, whatever its ids hold (an e-mail)', async () => {
    for (const url of [
      '/admin/saas-acme/saas-users/edit/analyst@acme.example',
      '/admin/users/partner@demo.portal/edit',
      '/partners/EXT/B.J.S/report-categories/Daily.v2/reports',
      '/forms/bjs-disputes/12/edit',
      '/invitation/4f1c2a9e-0000-4000-8000-000000000000',
      '/login?error=x',
    ]) {
      const reply = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['content-type'], url).toMatch(/^text\/html/);
      expect(reply.headers['cache-control'], url).toBe('private, no-cache');
    }
  });

  it('answers a path no page has with 404: the SPA for a browser, JSON for anyone else', async () => {
    for (const url of ['/no-such-page', '/healthz/', '/api/no-such-call', '/assets/missing.js']) {
      const browser = await t.app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(browser.statusCode, url).toBe(404);
      expect(browser.headers['content-type'], url).toMatch(/^text\/html/);
      const client = await t.app.inject({ url, headers: { accept: 'application/json' } });
      expect(client.statusCode, url).toBe(404);
      expect(client.json(), url).toEqual({ message: `Route GET ${url} not found` });
    }
  });

  it('answers 404 for a path whose last parameter would be empty (the router would take it for a route)', async () => {
    for (const url of ['/api/dashboards/partners/', '/admin/saas-acme/saas-users/edit/']) {
      for (const accept of ['text/html,*/*', 'application/json']) {
        const reply = await t.app.inject({ url, headers: { accept } });
        expect(reply.statusCode, `${url} ${accept}`).toBe(404);
        expect(reply.json(), url).toEqual({ message: `Route GET ${url} not found` });
      }
    }
  });

  it('refuses paths spelled with empty or dot segments or backslashes, pages included', async () => {
    // Over a socket: an injected request's URL is resolved before the server sees it.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const target of [
      '//api/users',
      '/./api/users',
      '/partners/%2e%2e/admin',
      '/faqs/..',
      '/a\\b',
      '/%5capi',
    ]) {
      const reply = await rawRequest(port, { method: 'GET', target, headers: { accept: 'text/html' } });
      expect(reply.status, target).toBe(400);
    }
  });
});
