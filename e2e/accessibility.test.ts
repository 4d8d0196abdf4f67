import { writeFileSync } from 'node:fs';
import { connect } from '@portal/db';
import { isAllowed, MESSAGES, PAGES, type PageName, type Principal } from '@portal/domain';
import type { PortalUser } from '@portal/domain/api/user';
import { demoAccounts } from '@portal/domain/authentication/demo-accounts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '@portal/testing/browser';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, type Finding } from './support/axe.js';
import { baseUrl, signIn } from './support/browser.js';
import {
  type DemoIds,
  loadDemoIds,
  NOT_FOUND_VISIT,
  PAGE_VISITS,
  PUBLIC_VISITS,
  routeParams,
  routeTableGaps,
} from './support/route-visits.js';
import { sidewaysScrollFindings } from './support/sideways.js';

// WCAG 2.1 AA on every route of the route table, as every demo persona, at desktop (1366 px) and
// phone (390 px) widths: axe-core's wcag2a/wcag2aa/wcag21a/wcag21aa rules, plus the page structure
// axe cannot judge alone (one h1, a main landmark, a title). One browser; one signed-in context per
// persona, reused for both widths; pages are reached by the SPA's own navigation (history + popstate)
// after the first load, as a user clicking links would. A page a persona may not open (by the
// portal's own rule, isAllowed, on the persona's GET /api/user) shows the Restricted notice: that
// notice is checked once per persona and width, and a page the persona may open is checked whatever
// it shows. Open dialogs and the error pages (Page Not Found, Technical Difficulties) are checked too.
// At the phone's width every check also asks that the page not scroll sideways (WCAG 1.4.10 Reflow):
// the document no wider than the window, so a route added to the table is held to it by itself.

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
  browser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
});
afterAll(async () => {
  await browser?.close();
  // The whole list, for whoever fixes them: A11Y_REPORT=path.json
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(problems, null, 2));
});

/**
 * Client-side navigation, as the router does on a link: no reload of the SPA. Focus is dropped
 * first: the portal moves it to the main region once the new page is committed (RouteAnnouncer),
 * which is how `settled` knows the old page is gone. Answers false when the browser is already
 * there (a page that went straight on to the next one, such as a single tenant's users): nothing
 * changes then, and focus would never move.
 */
async function navigate(page: Page, path: string): Promise<boolean> {
  return page.evaluate((to) => {
    if (window.location.pathname + window.location.search === to) return false;
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, path);
}

/**
 * Waits (bounded) until the page has its heading, no loader and no running animation; after a
 * client-side navigation (`navigated`), also until focus is in the new page's main region.
 */
async function settled(page: Page, navigated: boolean): Promise<boolean> {
  return page
    .waitForFunction(
      (afterNavigation) =>
        (!afterNavigation || document.querySelector('main')?.contains(document.activeElement) === true) &&
        document.querySelector('h1') !== null &&
        document.querySelector('main .mantine-Loader-root, [aria-busy="true"]') === null &&
        document.getAnimations().every((a) => a.playState !== 'running'),
      navigated,
      { timeout: 15_000, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
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

/**
 * Runs the checks on the page as it is now; `wasSettled` false (the page kept loading or moving for
 * 15 s) is a finding of its own, since what was checked may not be the page a user gets.
 */
async function check(
  page: Page,
  persona: string,
  width: string,
  path: string,
  wasSettled = true,
): Promise<void> {
  const findings = [...(await structureFindings(page)), ...(await axeViolations(page))];
  if (width === 'phone') findings.push(...(await sidewaysScrollFindings(page)));
  if (!wasSettled)
    findings.push({
      rule: 'settled',
      impact: 'serious',
      help: 'The page did not settle in 15 s',
      targets: [],
    });
  if (findings.length > 0) problems.push({ persona, width, path, findings });
}

/** A problem of its own, outside axe: what the page shows is not what it should. */
function mismatch(persona: string, width: string, path: string, rule: string, help: string): void {
  problems.push({ persona, width, path, findings: [{ rule, impact: 'serious', help, targets: [] }] });
}

/** The Restricted notice's text shows in the main region. */
const isRestricted = (page: Page) =>
  page.evaluate(
    (text) => (document.querySelector('main')?.textContent ?? '').includes(text),
    MESSAGES.restricted,
  );

/** The principal of the signed-in persona, built from GET /api/user as the SPA builds it. */
async function principalOf(page: Page): Promise<Principal> {
  const reply = await page.request.get('/api/user');
  expect(reply.status()).toBe(200);
  const user = (await reply.json()) as PortalUser;
  return {
    isInternalAdmin: user.isInternalAdmin,
    isExternalUser: user.isExternalUser,
    features: user.features,
    partnerGrants: user.partners?.partnerAccess ?? [],
  };
}

/** Whether the portal's own rule (the one PageGuard applies) lets the persona open the page at `path`. */
function mayOpen(principal: Principal, name: PageName, path: string): boolean {
  const params = routeParams(PAGES[name].path, path) ?? {};
  return isAllowed(principal, {
    feature: PAGES[name].feature,
    accessTypeCode: params.accessTypeCode,
    partnerCode: params.partnerCode,
  });
}

/** A 1×1 PNG: what the marketing popup shows when the partner has an image. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Checks the dialog `open` brings up (found by its accessible name), then closes it with Escape
 * and waits until it is gone.
 */
async function checkDialog(
  page: Page,
  persona: string,
  width: string,
  label: string,
  open: () => Promise<void>,
  name?: string | RegExp,
): Promise<void> {
  await open();
  // A dialog has a name (WCAG 4.1.2): without one given, any name that is not blank.
  const dialog = page.getByRole('dialog', { name: name ?? /\S/ });
  await dialog.waitFor();
  const wasSettled = await settled(page, false);
  expect(await dialog.isVisible()).toBe(true);
  await check(page, persona, width, `dialog: ${label}`, wasSettled);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Every error the portal's pages write to the console (the browser's own "Failed to load
 * resource" for a refused call included) and every uncaught exception, with the page's path: the
 * walk asserts none.
 */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(`${where()}: ${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(`${where()}: uncaught ${error.message}`));
  return errors;
}

describe('accessibility (axe-core, WCAG 2.1 AA) of every route', () => {
  it('has a visit for every route of the route table', () => {
    expect(routeTableGaps(ids)).toEqual([]);
  });

  it.each(demoAccounts.map((a) => [a.login]))(
    'every route as %s at 1366 and 390 px',
    async (login) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
      const page = await context.newPage();
      const consoleErrors = watchConsole(page);
      try {
        await signIn(page, login);
        const principal = await principalOf(page);
        let visits = 0;
        let checked = 0;
        for (const width of WIDTHS) {
          await page.setViewportSize(width);
          // Not '/': the first visit (home) must be a change of path.
          await page.goto('/faqs');
          await page.locator('h1').waitFor();
          let restrictedChecked = false;
          for (const [name, visit] of Object.entries(PAGE_VISITS) as [PageName, (ids: DemoIds) => string][]) {
            const path = visit(ids);
            const label = `${path} (${name})`;
            const wasSettled = await settled(page, await navigate(page, path));
            visits += 1;
            const allowed = mayOpen(principal, name, path);
            const restricted = await isRestricted(page);
            // A page the persona may open is never skipped, whatever text it shows; one it may not
            // open must show the notice, and the notice is checked once per width.
            if (allowed && restricted)
              mismatch(login, width.name, label, 'restricted-shown', 'The persona may open this page');
            if (!allowed && !restricted)
              mismatch(login, width.name, label, 'restricted-missing', 'The persona may not open this page');
            if (!allowed && restricted) {
              if (restrictedChecked) continue;
              restrictedChecked = true;
            }
            await check(page, login, width.name, label, wasSettled);
            checked += 1;
          }
          // The catch-all route: Page Not Found.
          const notFoundSettled = await settled(page, await navigate(page, NOT_FOUND_VISIT));
          expect(await page.locator('h1').textContent()).toBe(MESSAGES.pageNotFound);
          await check(page, login, width.name, `${NOT_FOUND_VISIT} (page not found)`, notFoundSettled);
          // The phone's menu, open.
          if (width.name === 'phone') {
            await page.getByRole('button', { name: 'Toggle navigation' }).click();
            await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
            await check(page, login, width.name, 'mobile menu open', await settled(page, false));
          }
        }
        expect(visits).toBe(Object.keys(PAGE_VISITS).length * WIDTHS.length);
        // Every page the persona may open was checked at both widths.
        const open = (Object.keys(PAGE_VISITS) as PageName[]).filter((name) =>
          mayOpen(principal, name, PAGE_VISITS[name](ids)),
        );
        expect(checked).toBeGreaterThanOrEqual(open.length * WIDTHS.length);
      } finally {
        await context.close();
      }
      expect(problems.filter((p) => p.persona === login)).toEqual([]);
      expect(consoleErrors, `console errors as ${login}`).toEqual([]);
    },
    600_000,
  );

  it('every public page, signed out, at 1366 and 390 px', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize(width);
        for (const path of Object.values(PUBLIC_VISITS)) {
          await page.goto(path);
          await check(page, 'visitor', width.name, path, await settled(page, false));
        }
      }
    } finally {
      await context.close();
    }
    expect(problems.filter((p) => p.persona === 'visitor')).toEqual([]);
    expect(consoleErrors, 'console errors signed out').toEqual([]);
  }, 120_000);

  it('the Technical Difficulties page, in the frame and alone, at 1366 and 390 px', async () => {
    const persona = 'technical-difficulties';
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
    const page = await context.newPage();
    const failing = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Internal Server Error"}',
      });
    try {
      await signIn(page, 'partner@demo.portal');
      for (const width of WIDTHS) {
        await page.setViewportSize(width);
        // A page's read fails: the page's place in the frame shows the error page.
        await page.route('**/api/faqs', failing);
        await page.goto('/faqs');
        await page.getByRole('heading', { name: MESSAGES.technicalDifficulties, level: 1 }).waitFor();
        await check(page, persona, width.name, '/faqs (GET /api/faqs fails)', await settled(page, false));
        await page.unroute('**/api/faqs', failing);
        // The sign-in check fails: no frame at all, the error page alone.
        await page.route('**/api/user/authenticated', failing);
        await page.goto('/faqs');
        await page.getByRole('heading', { name: MESSAGES.technicalDifficulties, level: 1 }).waitFor();
        await check(page, persona, width.name, '/faqs (the sign-in check fails)', await settled(page, false));
        await page.unroute('**/api/user/authenticated', failing);
      }
    } finally {
      await context.close();
    }
    expect(problems.filter((p) => p.persona === persona)).toEqual([]);
  }, 120_000);

  it('open dialogs (preview, confirms, editors, leaving the portal, marketing popup) at 1366 and 390 px', async () => {
    const persona = 'dialogs';
    const admin = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
    const partner = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0] });
    let dialogs = 0;
    try {
      const adminPage = await admin.newPage();
      const partnerPage = await partner.newPage();
      await signIn(adminPage, 'E100001');
      await signIn(partnerPage, 'partner@demo.portal');
      // The partner's marketing image, served to this browser only: the demo seed has none.
      // (Other test files visit BJS's dashboards on phones, where a stored image would pop up.)
      await partnerPage.route('**/api/marketing/latest/BJS', (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: ONE_PIXEL_PNG }),
      );
      await partnerPage.route('**/api/partner-images/BJS', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            logo: null,
            marketing: {
              contentType: 'image/png',
              byteSize: ONE_PIXEL_PNG.length,
              updatedAt: new Date().toISOString(),
            },
          }),
        }),
      );
      for (const width of WIDTHS) {
        const dialog = (page: Page, label: string, open: () => Promise<void>, name?: string | RegExp) =>
          checkDialog(page, persona, width.name, label, open, name).then(() => {
            dialogs += 1;
          });
        await adminPage.setViewportSize(width);
        await partnerPage.setViewportSize(width);

        // Admin confirms and editors.
        await adminPage.goto('/admin/faqs');
        await dialog(
          adminPage,
          'Delete FAQ',
          () => adminPage.getByRole('button', { name: 'Delete' }).first().click(),
          'Delete FAQ',
        );
        await adminPage.goto('/admin/dashboards');
        await dialog(
          adminPage,
          'Delete Dashboard',
          () => adminPage.getByRole('button', { name: 'Delete' }).first().click(),
          'Delete Dashboard',
        );
        await dialog(adminPage, 'Edit Dashboard', () =>
          adminPage.getByRole('button', { name: 'Edit' }).first().click(),
        );
        await adminPage.goto('/admin/report-categories/new');
        await adminPage.getByRole('textbox', { name: 'Category Code' }).fill('A11Y');
        await dialog(adminPage, 'Add Partner (dataset validation)', () =>
          adminPage.getByRole('button', { name: 'Add Partner' }).click(),
        );

        // The partner's preview and the leaving-the-portal warning.
        await partnerPage.goto('/partners/EXT/BJS/report-categories/TRANSACTIONS/reports');
        const row = partnerPage.locator('[data-testid^="report-row-"]').first();
        await row.waitFor();
        await dialog(partnerPage, 'report preview', async () => {
          await row.getByRole('button', { name: 'View' }).click();
          await partnerPage.getByRole('dialog').getByRole('table').waitFor();
        });
        await partnerPage.goto('/partners/EXT/BJS/report-categories');
        await dialog(
          partnerPage,
          'leaving the portal',
          () => partnerPage.getByTestId('category-INSIGHTS').getByRole('button', { name: 'View' }).click(),
          'Warning!',
        );

        // The marketing popup shows on phones only, once per partner (remembered in local storage).
        if (width.name === 'phone') {
          await partnerPage.evaluate(() => window.localStorage.clear());
          await dialog(
            partnerPage,
            'marketing popup',
            async () => {
              await partnerPage.goto('/dashboards/EXT/BJS');
              await partnerPage.getByTestId('marketing-popup-image').waitFor();
            },
            'Marketing from BJS',
          );
        }
      }
    } finally {
      await admin.close();
      await partner.close();
    }
    expect(dialogs).toBe(6 * WIDTHS.length + 1);
    expect(problems.filter((p) => p.persona === persona)).toEqual([]);
  }, 300_000);
});
