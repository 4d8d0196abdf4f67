import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Vitest starts the files it knows to be slow first, from the durations of earlier runs in its
// cache; a fresh clone (CI) has none and starts the largest files first, which left the
// authorization matrix (83 s) to start last on a clean-clone run and made the step 200 s longer
// than its work spread over the workers. These are the integration files that took longest on a
// clean-clone run (seconds, 2026-11-28): started first, the short files fill in around them. Only
// the order depends on this list, never a result; a file renamed or gone is simply not moved.
const SLOW_FILES: Record<string, number> = {
  'apps/api/test/security/write-routes.fuzz.test.ts': 306,
  'apps/api/test/security/path-spellings.test.ts': 144,
  'scripts/test/start-listens.test.ts': 98,
  'scripts/test/batches-run.test.ts': 89,
  'scripts/test/replay-jobs.test.ts': 83,
  'apps/api/test/authorization-matrix.test.ts': 83,
  'scripts/test/demo-webhooks.test.ts': 65,
  'scripts/test/monitors-check.test.ts': 47,
  'apps/api/test/issue-token.test.ts': 43,
  'packages/db/test/connection.test.ts': 40,
  'workers/test/webhooks-crash.test.ts': 37,
  'packages/db/test/retention-partitions.test.ts': 34,
  'apps/api/test/docs-samples.test.ts': 34,
};

const weightOf = (spec: TestSpecification) =>
  SLOW_FILES[relative(spec.project.config.root, spec.moduleId)] ?? 0;

/**
 * The order Vitest would choose, then within each project the listed slow files first, slowest
 * first; a stable sort, so the rest keep Vitest's order.
 */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => weightOf(b) - weightOf(a)),
    );
  }
}
