// On demand: the first page on a phone network. Starts the whole portal on the built SPA (as the
// browser tests do: demo data, the demo sign-in server), signs in through the real OpenID flow,
// then opens /login, / and a reports page, each in a fresh browser context (empty cache), under
// Lighthouse's mobile network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (Chrome DevTools
// Protocol network emulation). Reports the largest contentful paint and the bytes transferred
// (every response of the page: HTML, JS, CSS, fonts, images, API replies; as sent, compressed),
// then the same page again with the cache of the first visit (a returning user).
//   npm run build -w @portal/web && npx tsx scripts/bench/first-page.ts [--runs 3]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInThroughSso } from '@portal/testing/browser';
import { startPortal } from '@portal/testing/portal';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const PHONE = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const LOGIN = 'partner@demo.portal';
/** The signed-in page with the most on it that every bench opens: a partner's reports of one category. */
export const REPORTS_PAGE = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports';

export type PageFigure = {
  path: string;
  lcpMs: number;
  bytes: number;
  repeatLcpMs: number;
  repeatBytes: number;
};

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in through the portal's login page and the demo sign-in server; the cookies to reuse. */
export async function signIn(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await signInThroughSso(page, baseUrl, LOGIN);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One visit under the phone profile: LCP (ms from navigation start) and bytes received. */
async function visit(context: BrowserContext, path: string): Promise<{ lcpMs: number; bytes: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
  let bytes = 0;
  const trace = process.env.FIRST_PAGE_TRACE === '1';
  const started = new Map<string, { url: string; at: number }>();
  cdp.on(
    'Network.requestWillBeSent',
    (event: { requestId: string; request: { url: string }; timestamp: number }) => {
      if (trace) started.set(event.requestId, { url: event.request.url, at: event.timestamp });
    },
  );
  cdp.on(
    'Network.loadingFinished',
    (event: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      bytes += event.encodedDataLength;
      const request = started.get(event.requestId);
      if (trace && request) {
        const first = Math.min(...[...started.values()].map((r) => r.at));
        console.log(
          `  ${path} ${Math.round((request.at - first) * 1000)}-${Math.round((event.timestamp - first) * 1000)} ms ${event.encodedDataLength} B ${request.url.replace(/^https?:\/\/[^/]+/, '')}`,
        );
      }
    },
  );
  await page.goto(path, { waitUntil: 'networkidle' });
  const lcpMs = (await page.evaluate(LARGEST_PAINT)) as number;
  await page.close();
  return { lcpMs, bytes };
}

// Evaluated in the page (a string: these are the browser's types, not Node's).
const LARGEST_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(Number.NaN), 5000);
})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureFirstPages(runs: number): Promise<PageFigure[]> {
  const portal = await startPortal();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const signedIn = await signIn(browser, portal.baseUrl);
    const pages: Array<{ path: string; state?: StorageState }> = [
      { path: '/login' },
      { path: '/', state: signedIn },
      { path: REPORTS_PAGE, state: signedIn },
    ];
    const figures: PageFigure[] = [];
    for (const { path, state } of pages) {
      const first: Array<{ lcpMs: number; bytes: number }> = [];
      const repeat: Array<{ lcpMs: number; bytes: number }> = [];
      for (let run = 0; run < runs; run += 1) {
        // A fresh context has an empty cache: a first visit. The second page of it is a return.
        const context = await browser.newContext({
          baseURL: portal.baseUrl,
          viewport: { width: 412, height: 823 },
          ...(state && { storageState: state }),
        });
        first.push(await visit(context, path));
        repeat.push(await visit(context, path));
        await context.close();
      }
      figures.push({
        path,
        lcpMs: median(first.map((f) => f.lcpMs)),
        bytes: median(first.map((f) => f.bytes)),
        repeatLcpMs: median(repeat.map((f) => f.lcpMs)),
        repeatBytes: median(repeat.map((f) => f.bytes)),
      });
    }
    return figures;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' } },
  });
  const figures = await measureFirstPages(Number(values.runs));
  console.log(
    `phone profile: ${PHONE.latency} ms round trip, ${(PHONE.downloadThroughput * 8) / 1e6} Mbit/s down; median of ${values.runs} cold visits (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  for (const f of figures) {
    console.log(
      `${f.path.padEnd(56)} LCP ${Math.round(f.lcpMs)} ms, ${(f.bytes / 1024).toFixed(0)} KB; returning: LCP ${Math.round(f.repeatLcpMs)} ms, ${(f.repeatBytes / 1024).toFixed(0)} KB`,
    );
  }
  // For scripts/bench/run-all.ts: one line of figures.
  console.log(`BENCH_RESULT ${JSON.stringify({ runs: Number(values.runs), pages: figures })}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
