import { writeFileSync } from 'node:fs';
import { connect } from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { demoAccounts } from '@portal/domain/demo-accounts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, type Finding } from './support/axe.js';
import { baseUrl, CHROMIUM_ARGS, CHROMIUM_PATH, signIn } from './support/browser.js';
import {
  type DemoIds,
  loadDemoIds,
  PAGE_VISITS,
  PUBLIC_VISITS,
  routeTableGaps,
} from './support/route-visits.js';

// WCAG 2.1 AA on every route of the route table, as every demo persona, at desktop (1366 px) and
// phone (390 px) widths: axe-core's wcag2a/wcag2aa/wcag21a/wcag21aa rules, plus the page structure
// axe cannot judge alone (one h1, a main landmark, a title). One browser; one signed-in context per
// persona, reused for both widths; pages are reached by the SPA's own navigation (history + popstate)
// after the first load, as a user clicking links would. A page a persona may not open shows the
// Restricted notice: that notice is checked once per persona and width.

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Problem = { persona: string; width: string; path: string; findings: Finding[] };

let browser: Browser;
let ids: DemoIds;
const problems: Problem[] = [];

beforeAll(async () => {
  const database = connect({ databaseUrl: inject('databaseUrl'), maxConnections: 1 });
  try {
    ids = await loadDemoIds(database.db);
  } finally {
    await database.close();
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  // The whole list, for whoever fixes them: A11Y_REPORT=path.json
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(problems, null, 2));
});

/**
 * Client-side navigation, as the router does on a link: no reload of the SPA. Focus is dropped
 * first: the portal moves it to the main region once the new page is committed (RouteAnnouncer),
 * which is how `settled` knows the old page is gone.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits (bounded) until the page has its heading, no loader and no running animation; after a
 * client-side navigation (`navigated`), also until focus is in the new page's main region.
 */
async function settled(page: Page, navigated: boolean): Promise<void> {
  await page
    .waitForFunction(
      (afterNavigation) =>
        (!afterNavigation || document.querySelector('main')?.contains(document.activeElement) === true) &&
        document.querySelector('h1') !== null &&
        document.querySelector('main .mantine-Loader-root, [aria-busy="true"]') === null &&
        document.getAnimations().every((a) => a.playState !== 'running'),
      navigated,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => undefined);
}

/** What axe does not check for WCAG tags: one h1, one main landmark, a title. */
async function structureFindings(page: Page): Promise<Finding[]> {
  const shape = await page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main, [role="main"]').length,
    title: document.title.trim(),
    // Data tables need column headers and a name (a caption, aria-label or aria-labelledby).
    tables: Array.from(document.querySelectorAll('table'))
      .filter(
        (t) =>
          t.querySelector('th') === null ||
          (t.querySelector('caption') === null &&
            !t.hasAttribute('aria-label') &&
            !t.hasAttribute('aria-labelledby')),
      )
      .map((t) => t.outerHTML.slice(0, 120)),
  }));
  const findings: Finding[] = [];
  const finding = (rule: string, help: string) =>
    findings.push({ rule, impact: 'serious', help, targets: [] });
  if (shape.h1 !== 1) finding('one-h1', `${shape.h1} h1 elements; a page has exactly one`);
  if (shape.main !== 1) finding('one-main', `${shape.main} main landmarks; a page has exactly one`);
  if (shape.title === '') finding('document-title', 'The page has no title');
  if (shape.tables.length > 0) {
    findings.push({
      rule: 'table-name-headers',
      impact: 'serious',
      help: 'A table without headers or name',
      targets: shape.tables,
    });
  }
  return findings;
}

async function check(page: Page, persona: string, width: string, path: string): Promise<void> {
  const findings = [...(await structureFindings(page)), ...(await axeViolations(page))];
  if (findings.length > 0) problems.push({ persona, width, path, findings });
}

const isRestricted = (page: Page) =>
  page.evaluate((text) => (document.body.textContent ?? '').includes(text), MESSAGES.restricted);

describe('accessibility (axe-core, WCAG 2.1 AA) of every route', () => {
  it('has a visit for every route of the route table', () => {
    expect(routeTableGaps(ids)).toEqual([]);
  });

  it.each(demoAccounts.map((a) => [a.login]))(
    'every route as %s at 1366 and 390 px',
    async (login) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
      const page = await context.newPage();
      try {
        await signIn(page, login);
        let visits = 0;
        for (const width of WIDTHS) {
          await page.setViewportSize(width);
          // Not '/': the first visit (home) must be a change of path.
          await page.goto('/faqs');
          await page.locator('h1').waitFor();
          let restrictedChecked = false;
          for (const [name, visit] of Object.entries(PAGE_VISITS)) {
            const path = visit(ids);
            await navigate(page, path);
            await settled(page, true);
            visits += 1;
            if (await isRestricted(page)) {
              if (restrictedChecked) continue;
              restrictedChecked = true;
            }
            await check(page, login, width.name, `${path} (${name})`);
          }
          // The phone's menu, open.
          if (width.name === 'phone') {
            await page.getByRole('button', { name: 'Toggle navigation' }).click();
            await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
            await settled(page, false);
            await check(page, login, width.name, 'mobile menu open');
          }
        }
        expect(visits).toBe(Object.keys(PAGE_VISITS).length * WIDTHS.length);
      } finally {
        await context.close();
      }
      expect(problems.filter((p) => p.persona === login)).toEqual([]);
    },
    600_000,
  );

  it('every public page, signed out, at 1366 and 390 px', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
    const page = await context.newPage();
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize(width);
        for (const path of Object.values(PUBLIC_VISITS)) {
          await page.goto(path);
          await settled(page, false);
          await check(page, 'visitor', width.name, path);
        }
      }
    } finally {
      await context.close();
    }
    expect(problems.filter((p) => p.persona === 'visitor')).toEqual([]);
  }, 120_000);
});
