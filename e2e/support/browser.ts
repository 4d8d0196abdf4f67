import { DEMO_PASSWORD } from '@portal/domain/authentication/demo-accounts';
import { CHROMIUM_ARGS, signInThroughSso, TEST_CHROMIUM_PATH } from '@portal/testing/browser';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

export type Session = {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Closes this session's context; the browser stays for the file's next session. */
  close(): Promise<void>;
};

export function baseUrl(): string {
  return inject('baseUrl');
}

// One Chromium per test file (a launch is a second or two of CPU on a busy machine); each session is
// a context of its own: its own cookies, storage and cache, as a separate browser would have.
let shared: Promise<Browser> | undefined;
const browser = () => {
  shared ??= chromium.launch({ executablePath: TEST_CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return shared;
};
afterAll(async () => {
  const launched = shared;
  shared = undefined;
  await (await launched)?.close();
});

export async function openBrowser(options: { width?: number; height?: number } = {}): Promise<Session> {
  const context = await (await browser()).newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { context, page, baseUrl: baseUrl(), close: () => context.close() };
}

/** Signs in through the real OpenID flow: the portal's login page, then the demo sign-in server. */
export async function signIn(page: Page, login: string, password: string = DEMO_PASSWORD): Promise<void> {
  await signInThroughSso(page, baseUrl(), login, password);
}
