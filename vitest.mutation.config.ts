import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit tests of packages/domain and packages/process alone, for Stryker (stryker.config.json):
// the rules, the process plumbing and the tests beside them, with fast-check's seed fixed so a
// mutant is killed or not the same way each run.
export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^fast-check$/,
        replacement: fileURLToPath(new URL('./packages/domain/test/fast-check-scaled.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['packages/domain/src/**/*.test.ts', 'packages/process/src/**/*.test.ts'],
    setupFiles: ['packages/domain/test/setup.ts'],
    maxWorkers: availableParallelism(),
    // Instrumented code runs several times slower: the longest property tests need more than 5 s.
    testTimeout: 60_000,
    env: { FC_RUNS_SCALE: '0.2' },
  },
});
