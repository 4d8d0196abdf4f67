import { DEMO_PASSWORD } from '@portal/domain/authentication/demo-accounts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { landReports } from './support/reports.js';

// The reports journey with the keyboard only (WCAG 2.1.1): sign in, choose a partner and a report
// category, select three reports, download them, open a preview and close it. Nothing is clicked:
// every step is Tab / Shift+Tab to a control, then Enter, Space or Escape.

const CATEGORY = 'STATEMENTS';
const FILES = ['kbd-statements-a.csv', 'kbd-statements-b.csv', 'kbd-statements-c.csv'];

/** What has focus: its tag, role, accessible name as a user would hear it (roughly), and text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    // Nothing focused (the document itself): no name, or its whole text would match anything.
    if (!el || el === document.body || el === document.documentElement)
      return { tag: '', name: '', label: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ??
      (labelled ? (document.getElementById(labelled)?.textContent ?? '') : '');
    const ownLabel = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    return {
      tag: el.tagName.toLowerCase(),
      name: `${label} ${ownLabel} ${el.textContent ?? ''}`.replace(/\s+/g, ' ').trim(),
      label,
    };
  });
}

/**
 * The focus indicator of the focused element (WCAG 2.4.7): its tag, and whether a ring is drawn,
 * an outline of some width or a box shadow, as the browser computes it for keyboard focus.
 */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return {
      tag: el.tagName.toLowerCase(),
      focusVisible: el.matches(':focus-visible'),
      ring: outline || style.boxShadow !== 'none',
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; fails after `max` presses. */
async function tabTo(
  page: Page,
  name: RegExp,
  options: { back?: boolean; max?: number } = {},
): Promise<void> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 80); i += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (name.test(now.name)) return;
    seen.push(now.name.slice(0, 40));
  }
  throw new Error(`Tab never reached ${name}; went through: ${seen.join(' | ')}`);
}

let session: Session;

beforeAll(async () => {
  // Three reports of one date, so the latest reports of the category are three.
  await landReports(CATEGORY, FILES);
  session = await openBrowser({ width: 1366, height: 900 });
});
afterAll(async () => session?.close());

describe('the reports journey, keyboard only', () => {
  it('signs in, picks partner and category, selects three reports, downloads, previews', async () => {
    const { page } = session;
    await page.goto('/login');

    // Sign in: the portal's login page, then the sign-in server's.
    await tabTo(page, /Email Address or EID/);
    await page.keyboard.type('partner@demo.portal');
    await page.keyboard.press('Enter');
    await page.getByLabel('Login name').waitFor();
    // The login typed on the portal's page comes as the sign-in server's hint: its login is filled
    // in and its password focused. That autofocus runs at load: type after it, or the typing can be lost.
    await page.waitForLoadState('load');
    await page.waitForFunction(() => document.activeElement?.id === 'password', undefined, {
      timeout: 10_000,
    });
    expect(await page.getByLabel('Login name').inputValue()).toBe('partner@demo.portal');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page
      .waitForURL((url) => url.origin === session.baseUrl && !url.pathname.startsWith('/login'))
      .catch(async (error) => {
        const text = await page.evaluate(() => (document.body.textContent ?? '').slice(0, 400));
        const values = await page.evaluate(() =>
          Array.from(document.querySelectorAll('input')).map((i) => `${i.name}=${i.value}`),
        );
        throw new Error(
          `${error}\n${values.join(' ')} active=${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}\nat ${page.url()}: ${text}`,
        );
      });
    await page.locator('h1').waitFor();

    // The skip link is the first stop and lands in the main region.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to main content');
    expect(await focusRing(page)).toEqual({ tag: 'a', focusVisible: true, ring: true });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Side navigation: Reports (the partners page).
    await tabTo(page, /^Reports$|^Partners$/, { back: true });
    expect(await focusRing(page)).toEqual({ tag: 'a', focusVisible: true, ring: true });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/partners');
    await page.waitForFunction(() => document.title === 'Partners');
    // The new page's title is announced, and the Tab key starts from its main region.
    await expect.poll(() => page.getByTestId('route-announcer').textContent()).toBe('Partners');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // The partner, then the category.
    await tabTo(page, /BJ's Wholesale Club/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/partners/EXT/BJS/report-categories');
    await page.getByTestId(`category-${CATEGORY}`).waitFor();
    await tabTo(page, /^View$/, { max: 120 });
    // Move to the INSIGHTS row's View button.
    for (let i = 0; i < 10; i += 1) {
      const inRow = await page.evaluate(
        (testId) =>
          document.querySelector(`[data-testid="${testId}"]`)?.contains(document.activeElement) ?? false,
        `category-${CATEGORY}`,
      );
      if (inRow) break;
      await tabTo(page, /^View$/);
    }
    expect(await focusRing(page)).toEqual({ tag: 'button', focusVisible: true, ring: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/report-categories/${CATEGORY}/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${FILES[0]}` }).waitFor();

    // Three reports, each by Space.
    for (const file of FILES) {
      await tabTo(page, new RegExp(`^Select ${file.replace(/[.-]/g, '\\$&')}$`));
      await page.keyboard.press('Space');
    }
    const note = page.locator('#reports-selection-note');
    expect(await note.textContent()).toContain('At most 3 reports can be downloaded at once');

    // Download: back to the Download button.
    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await tabTo(page, /^Download$/, { back: true });
    await page.keyboard.press('Enter');
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`BJS_${CATEGORY}_reports.zip`);

    // A preview: open with Enter, focus inside the dialog, Escape closes it and focus returns.
    await tabTo(page, /^View$/);
    const opener = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      el.setAttribute('data-kbd-opener', 'yes');
      return el.textContent;
    });
    expect(opener).toBe('View');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table').waitFor();
    expect(
      await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement)),
    ).toBe(true);
    // Focus stays in the dialog however far one tabs.
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement)),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-kbd-opener')))
      .toBe('yes');
  }, 180_000);

  it('opens the leaving-the-portal dialog by keyboard, without its 500 ms transition for reduced motion', async () => {
    const { page } = session;
    await page.context().clearCookies();
    await signIn(page, 'partner@demo.portal');
    const openLeavingDialog = async () => {
      await page.goto('/partners/EXT/BJS/report-categories');
      await page.getByTestId('category-INSIGHTS').waitFor();
      // The first focusable in the INSIGHTS row, its View button (the category opens an external link).
      await page.getByTestId('category-INSIGHTS').getByRole('button', { name: 'View' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const duration = await dialog.evaluate((el) => getComputedStyle(el).transitionDuration);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return duration;
    };
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await openLeavingDialog()).toBe('0.5s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await openLeavingDialog()).toBe('0s');
  }, 60_000);

  it('opens the phone menu by keyboard and follows one of its links', async () => {
    const { page } = session;
    await page.context().clearCookies();
    await signIn(page, 'partner@demo.portal');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/faqs');
    await page.getByRole('heading', { name: 'FAQs', level: 1 }).waitFor();
    await tabTo(page, /^Toggle navigation$/);
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    // Closed, the menu's links are off screen and out of the Tab order.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('main-navigation')?.contains(document.activeElement)),
    ).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await tabTo(page, /^Report an Issue$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/report-an-issue');
    await page.getByRole('heading', { name: 'Report an Issue', level: 1 }).waitFor();
    // The menu closes behind the chosen link.
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  }, 60_000);
});
