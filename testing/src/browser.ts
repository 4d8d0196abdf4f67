import { DEMO_PASSWORD } from '@portal/domain/authentication/demo-accounts';
import type { Page } from 'playwright-core';

export { CHROMIUM_PATH, TEST_CHROMIUM_PATH } from './services.js';

/** Debian's Chromium, headless, with background networking off: the test machines' network is closed. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Signs in through the real OpenID flow, as a person does: the portal's login page, then the demo
 * sign-in server; resolves once back on the portal (`baseUrl`) past the login pages.
 */
export async function signInThroughSso(
  page: Page,
  baseUrl: string,
  login: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address or EID').fill(login);
  await page.getByRole('button', { name: 'Sign On' }).click();
  await page.getByLabel('Login name').waitFor();
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/login'));
}
