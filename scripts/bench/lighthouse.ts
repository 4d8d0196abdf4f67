// On demand: Lighthouse (mobile) on the first pages, issue 24. Starts the whole portal on the built SPA
// (as first-page.ts does), signs in as the demo partner through the real OpenID flow, then runs
// Lighthouse's own mobile profile (a Moto G Power screen, simulated 150 ms round trip, 1.6 Mbit/s
// down and a 4x slower CPU) on /login signed out, and on / and a reports page with the session's
// cookies sent as a header. Each page is audited `--runs` times in Debian's chromium; every figure
// is the median of its runs, taken on its own.
//   npm run build -w @portal/web && npx tsx scripts/bench/lighthouse.ts [--runs 3]
// LIGHTHOUSE_REPORTS=<folder> keeps each run's full report (JSON) there, to see why a score is lost.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@portal/testing/browser';
import { startPortal } from '@portal/testing/portal';
import { waitFor } from '@portal/testing/wait-for';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { REPORTS_PAGE, signIn } from './first-page.js';

const CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type LighthouseFigure = {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
  /**
   * Lighthouse's measure of this machine's CPU (environment.benchmarkIndex, median): TBT is the
   * main thread's long tasks times 4, so a slower or busier machine scores lower on the same page.
   */
  benchmarkIndex: number;
  /** Audits that did not pass in some run, with how many runs they failed in. */
  failing: Record<string, number>;
};

type Chromium = { port: number; process: ChildProcess; stop(): Promise<void> };

/** Debian's chromium with a remote debugging port, for Lighthouse to drive (its own profile). */
async function launchChromium(): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'portal-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Chromium writes the port it chose, then the browser's path, to DevToolsActivePort.
  const port = await waitFor(
    'chromium to open its debugging port',
    async () => {
      const text = await readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
      const port = Number(text.split('\n')[0]);
      return port > 0 ? port : undefined;
    },
    30_000,
  );
  return {
    port,
    process: child,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits of the four categories that count against a score and did not pass. */
function failingAudits(lhr: Result): string[] {
  const counted = new Set(
    CATEGORIES.flatMap(
      (c) => lhr.categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? [],
    ),
  );
  return Object.values(lhr.audits)
    .filter((a) => counted.has(a.id) && a.score !== null && a.score < 0.9)
    .map((a) => a.id);
}

/**
 * One Lighthouse run. A run whose trace came out unusable (NO_NAVSTART, NO_FCP: Lighthouse 12 in a
 * newer Chromium, now and then) is run again, twice at most, and said so.
 */
async function audit(url: string, port: number, cookie: string | undefined): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${failure.code} ${failure.message}`);
    console.log(`  run again: ${failure.code} on ${new URL(url).pathname}`);
  }
}

export async function measureLighthouse(runs: number): Promise<LighthouseFigure[]> {
  const portal = await startPortal();
  let browser: Chromium | undefined;
  try {
    const signInBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const state = await signIn(signInBrowser, portal.baseUrl).finally(() => signInBrowser.close());
    const host = new URL(portal.baseUrl).hostname;
    const cookie = state.cookies
      .filter((c) => c.domain === host || c.domain === `.${host}`)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

    browser = await launchChromium();
    const pages = [
      { path: '/login', signedIn: false },
      { path: '/', signedIn: true },
      { path: REPORTS_PAGE, signedIn: true },
    ];
    const figures: LighthouseFigure[] = [];
    for (const { path, signedIn } of pages) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        const lhr = await audit(`${portal.baseUrl}${path}`, browser.port, signedIn ? cookie : undefined);
        results.push(lhr);
        const folder = process.env.LIGHTHOUSE_REPORTS;
        if (folder) {
          await mkdir(folder, { recursive: true });
          const name = path === '/' ? 'home' : path.replace(/^\//, '').replaceAll('/', '_');
          await writeFile(join(folder, `${name}-${run + 1}.json`), JSON.stringify(lhr));
        }
      }
      const failing: Record<string, number> = {};
      for (const id of results.flatMap(failingAudits)) failing[id] = (failing[id] ?? 0) + 1;
      const numeric = (id: string) => median(results.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      figures.push({
        path,
        signedIn,
        performance: median(results.map((r) => score(r, 'performance'))),
        accessibility: median(results.map((r) => score(r, 'accessibility'))),
        bestPractices: median(results.map((r) => score(r, 'best-practices'))),
        seo: median(results.map((r) => score(r, 'seo'))),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        bytes: numeric('total-byte-weight'),
        benchmarkIndex: median(results.map((r) => r.environment.benchmarkIndex)),
        failing,
      });
    }
    return figures;
  } finally {
    await browser?.stop();
    await portal.stop();
  }
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  const figures = await measureLighthouse(runs);
  console.log(
    `Lighthouse mobile (simulated: 150 ms round trip, 1.6 Mbit/s, CPU x4); median of ${runs} runs (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  for (const f of figures) {
    console.log(
      `${f.path.padEnd(56)} performance ${f.performance}, accessibility ${f.accessibility}, best practices ${f.bestPractices}, SEO ${f.seo}; LCP ${Math.round(f.lcpMs)} ms, TBT ${Math.round(f.tbtMs)} ms, ${(f.bytes / 1024).toFixed(0)} KB; CPU benchmark index ${Math.round(f.benchmarkIndex)}`,
    );
    for (const [id, times] of Object.entries(f.failing))
      console.log(`  not passed in ${times} of ${runs}: ${id}`);
  }
  // For scripts/bench/run-all.ts: one line of figures.
  console.log(`BENCH_RESULT ${JSON.stringify({ runs, pages: figures })}`);
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
