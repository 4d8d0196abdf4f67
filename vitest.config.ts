import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'packages/*/src/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
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
            'packages/{db,queue,storage}/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
          ],
          globalSetup: ['packages/db/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
