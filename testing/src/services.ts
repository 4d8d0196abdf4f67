import { ENV_DEFAULTS } from '@portal/process/env';

// The local services the tests, the benchmarks, the fault suite and the production check use, each
// named once. Postgres: trust authentication on 127.0.0.1, user postgres, local only.
const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server the tests make their databases on (TEST_DATABASE_URL). */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? LOCAL_ADMIN_URL;

/** The server the benchmarks make their scratch databases on (BENCH_ADMIN_URL). */
export const BENCH_ADMIN_URL = process.env.BENCH_ADMIN_URL ?? LOCAL_ADMIN_URL;

/** The URL of `database` on the server of `adminUrl` (same user, host and options). */
export function databaseUrl(database: string, adminUrl: string = TEST_ADMIN_URL): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The Redis the tests use (REDIS_URL), by default the portal's own default. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? ENV_DEFAULTS.REDIS_URL;

/** Debian's chromium, which the browser benchmarks drive (CHROMIUM_PATH): the desktop browser they measure. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell, which the browser tests drive (CHROMIUM_PATH overrides it): the
 * same engine without the desktop browser around it. The accessibility walk took a third less of
 * Chromium's CPU in it (102 s against 158 s, 2026-11-28), and the browser tests share two cores
 * with the rest of npm test.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
