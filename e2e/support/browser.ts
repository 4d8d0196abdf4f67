import { DEMO_PASSWORD } from '@portal/domain/authentication/demo-accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInThroughSso } from '@portal/testing/browser';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

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
  await signInThroughSso(page, baseUrl(), login, password);
}
