import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

describe('the portal shell in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

  it('sends a visitor who is not signed in to the login page', async () => {
    const { page } = session;
    await page.goto('/');
    await page.waitForURL('**/login**');
    await page.getByLabel('Email Address or EID').waitFor();
    await page.waitForFunction(() => document.title !== '');
    expect(await page.getByRole('button', { name: 'Sign On' }).isVisible()).toBe(true);
  });

  it('renders the home page with its cards after sign-in, and navigation works', async () => {
    const { page } = session;
    await signIn(page, 'E100001');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Reports' }).first().waitFor();
    for (const card of ['Dashboards', 'Reports', 'FAQs', 'Report an Issue']) {
      await expect(page.getByRole('heading', { name: card }).first().isVisible()).resolves.toBe(true);
    }
    await page.getByRole('link', { name: 'FAQs' }).first().click();
    await page.waitForURL('**/faqs');
    await page.waitForFunction(() => document.title === 'FAQs');
    expect(await page.getByRole('heading', { name: 'FAQs', level: 1 }).isVisible()).toBe(true);
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = session;
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
  });
});
