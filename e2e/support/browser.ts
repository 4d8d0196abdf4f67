import { DEMO_PASSWORD } from '@portal/domain/authentication/demo-accounts';
import { CHROMIUM_ARGS, signInThroughSso, TEST_CHROMIUM_PATH } from '@portal/testing/browser';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';

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

// What each page of the running test did (navigations, console errors, failed or refused requests),
// printed with where the page stands when the test fails: a failure seen only in CI explains itself.
type Watched = { page: Page; events: string[] };
let watched: Watched[] = [];

function watch(page: Page): void {
  const entry: Watched = { page, events: [] };
  const started = Date.now();
  const log = (event: string) => {
    entry.events.push(`+${Date.now() - started} ms ${event}`);
    if (entry.events.length > 60) entry.events.shift();
  };
  page.on('framenavigated', (frame) => frame === page.mainFrame() && log(`at ${frame.url()}`));
  page.on(
    'console',
    (message) =>
      (message.type() === 'error' || message.type() === 'warning') &&
      log(`console ${message.type()}: ${message.text()}`),
  );
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  page.on('requestfailed', (request) => log(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on(
    'response',
    (response) => response.status() >= 400 && log(`${response.status()} ${response.url()}`),
  );
  watched.push(entry);
}

afterEach(async ({ task }) => {
  const pages = watched;
  watched = watched.filter((entry) => !entry.page.isClosed());
  if (task.result?.state === 'fail') await report(task.name, pages);
  for (const entry of pages) entry.events.length = 0;
});

async function report(test: string, pages: Watched[]): Promise<void> {
  for (const { page, events } of pages) {
    const where = page.isClosed()
      ? 'closed'
      : `${page.url()}\n${await page
          .locator('body')
          .ariaSnapshot({ timeout: 5_000 })
          .catch((error: Error) => error.message)}`;
    console.error(`A page of the failed test "${test}": ${where}\n${events.join('\n')}`);
  }
}

export async function openBrowser(options: { width?: number; height?: number } = {}): Promise<Session> {
  const context = await (await browser()).newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  context.on('page', watch);
  const page = await context.newPage();
  return { context, page, baseUrl: baseUrl(), close: () => context.close() };
}

/** Signs in through the real OpenID flow: the portal's login page, then the demo sign-in server. */
export async function signIn(page: Page, login: string, password: string = DEMO_PASSWORD): Promise<void> {
  await signInThroughSso(page, baseUrl(), login, password);
}
