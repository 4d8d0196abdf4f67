import { connect } from '@portal/db';
import { PAGES, type PageName } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { type DemoIds, loadDemoIds, PAGE_VISITS } from './support/route-visits.js';

// Deep links survive a reload (issue 24): every page of the route table whose path has ids, loaded
// afresh as a bookmark or a shared link would be, is the SPA's page, not the server's JSON. The ids
// are the demo's (a tenant user's and an external user's are e-mail addresses, dots and all), and
// then an address with dots in every id, which the page may not know but must still be the page.

const withIds = (Object.keys(PAGES) as PageName[]).filter((name) => PAGES[name].path.includes(':'));
const DOTTED = 'analyst.two@acme.example';

let session: Session;
let ids: DemoIds;

beforeAll(async () => {
  const database = connect({ databaseUrl: inject('databaseUrl'), maxConnections: 1 });
  try {
    ids = await loadDemoIds(database.db);
  } finally {
    await database.close();
  }
  session = await openBrowser({ width: 390, height: 844 });
  await signIn(session.page, 'E100001');
});
afterAll(async () => session?.close());

/** Loads `path` from the server (no client-side navigation) and says what came back. */
async function reload(path: string) {
  const response = await session.page.goto(`${session.baseUrl}${path}`, { waitUntil: 'load' });
  await session.page.locator('h1').first().waitFor({ timeout: 15_000 });
  return {
    status: response?.status(),
    type: response?.headers()['content-type'] ?? '',
    heading: (await session.page.locator('h1').first().textContent())?.trim() ?? '',
  };
}

describe('a reload of every page with ids', () => {
  it('has ids with dots among the demo ones it loads', () => {
    expect(ids.tenantUserId).toContain('.');
    expect(ids.externalUserId).toContain('.');
    expect(withIds.length).toBeGreaterThan(15);
  });

  it.each(withIds)('%s, with the demo ids, is the page itself', async (name) => {
    const page = await reload(PAGE_VISITS[name](ids));
    expect(page.status, name).toBe(200);
    expect(page.type, name).toMatch(/^text\/html/);
    expect(page.heading, name).not.toBe('Page Not Found');
  });

  it.each(withIds)('%s, with a dotted address in every id, is still the SPA', async (name) => {
    const path = PAGES[name].path.replace(/:(\w+)/g, (_, param: string) =>
      param === 'retailer' ? ids.retailer : encodeURIComponent(DOTTED),
    );
    const page = await reload(path);
    expect(page.status, path).toBe(200);
    expect(page.type, path).toMatch(/^text\/html/);
    expect(page.heading, path).not.toBe('');
  });
});
