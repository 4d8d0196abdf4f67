import { DEMO_PASSWORD } from '@portal/domain/demo-accounts';
import { CHROMIUM_PATH } from '@portal/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Debian's Chromium, headless, with background networking off: this machine's network is closed.
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

export type Session = { browser: Browser; context: BrowserContext; page: Page; baseUrl: string };

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function openBrowser(options: { width?: number; height?: number } = {}): Promise<Session> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { browser, context, page, baseUrl: baseUrl() };
}

/** Signs in through the real OpenID flow: the portal's login page, then the demo sign-in server. */
export async function signIn(page: Page, login: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address or EID').fill(login);
  await page.getByRole('button', { name: 'Sign On' }).click();
  await page.getByLabel('Login name').waitFor();
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === baseUrl() && !url.pathname.startsWith('/login'));
}
