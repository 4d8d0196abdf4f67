import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './testing/src/slow-files-first.js';

// Vitest's default is one worker fewer than the cores: a single worker on a two-core machine.
const cores = availableParallelism();

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: cores,
          // Pure rules and their tests: a worker keeps its imports from one file to the next (each
          // test file restores the timers it fakes); importing and transforming again per file was
          // most of the step's time.
          isolate: false,
          setupFiles: ['packages/domain/test/setup.ts'],
          include: [
            'packages/domain/src/**/*.test.ts',
            'packages/process/src/**/*.test.ts',
            'packages/*/src/**/*.unit.test.ts',
            'testing/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          maxWorkers: cores,
          // Worker threads and the dependencies pre-bundled (React, Mantine, Testing Library): each
          // file builds its own jsdom and imports them again; this took a third less CPU (166 s to
          // 109 s alone, 2026-11-28) than child processes importing the packages file by file.
          deps: { optimizer: { client: { enabled: true } } },
          pool: 'threads',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'apps/api/test/**/*.test.ts',
            'apps/dev-sso/test/**/*.test.ts',
            'workers/test/**/*.test.ts',
            'packages/{db,queue,storage,webhooks,telemetry}/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
          ],
          globalSetup: ['testing/src/global-setup.ts'],
          // These files wait on Postgres, Redis and sockets more than on the CPU: one worker more
          // than the cores. Each builds its own app, database and queue prefix from explicit
          // options (no module state, no vi.mock), so a worker keeps its imports from one file to
          // the next instead of importing the API again for each (52 s of a 220 s run, measured).
          maxWorkers: cores + 1,
          isolate: false,
          // A bound against a hung test, not a speed check: on a slow, loaded two-core machine a
          // PGlite migration or a tsx process start alone took over 30 s (clean-clone CI, 2026-11-26).
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The short fault suite (scripts/chaos): its own step of npm test, after integration.
          name: 'chaos',
          include: ['scripts/chaos/**/*.test.ts'],
          testTimeout: 420_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
