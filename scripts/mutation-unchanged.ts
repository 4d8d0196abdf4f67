// `npm test`'s mutation step asks this first: has anything the rules' mutants depend on changed since
// the committed baseline was written? When nothing has, an incremental Stryker run would reuse every
// result after a minute or two of dry run, so the step holds the baseline itself to the gate instead.
// Exits 0 (unchanged, says so) or 1 (changed or unknown, says what): Stryker runs then.
//   npx tsx scripts/mutation-unchanged.ts [--baseline reports/mutation/stryker-incremental.json]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** What a mutant's fate can depend on: the rules and their tests, helpers and fixtures, the configs, the lock. */
export const MUTATION_INPUTS = [
  'packages/domain',
  'packages/process',
  'stryker.config.json',
  'vitest.mutation.config.ts',
  'package-lock.json',
];

type Baseline = {
  files: Record<string, { source: string }>;
  testFiles?: Record<string, { source?: string }>;
};

/** The baseline's files whose recorded source is not the file on disk: a baseline committed stale. */
export function staleFiles(baseline: Baseline, read: (path: string) => string | undefined): string[] {
  const recorded = [
    ...Object.entries(baseline.files),
    ...Object.entries(baseline.testFiles ?? {}).filter(([, file]) => file.source !== undefined),
  ];
  return recorded.filter(([path, file]) => read(path) !== file.source).map(([path]) => path);
}

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** Why the rules' mutants may fare differently than in the baseline; undefined when nothing changed. */
export function changeSinceBaseline(root: string, baselinePath: string): string | undefined {
  try {
    if (git(root, ['rev-parse', '--is-shallow-repository']) === 'true')
      return 'a shallow clone has no history';
    const commit = git(root, ['log', '-1', '--format=%H', '--', baselinePath]);
    if (!commit) return `${baselinePath} is not committed`;
    const changed = git(root, ['diff', '--name-only', commit, '--', ...MUTATION_INPUTS]);
    if (changed) return `changed since the baseline's commit: ${changed.split('\n').join(', ')}`;
    const added = git(root, ['ls-files', '--others', '--exclude-standard', '--', ...MUTATION_INPUTS]);
    if (added) return `new since the baseline's commit: ${added.split('\n').join(', ')}`;
  } catch (error) {
    return `git could not tell (${(error as Error).message.split('\n')[0]})`;
  }
  const baseline = JSON.parse(readFileSync(`${root}/${baselinePath}`, 'utf8')) as Baseline;
  const stale = staleFiles(baseline, (path) =>
    existsSync(`${root}/${path}`) ? readFileSync(`${root}/${path}`, 'utf8') : undefined,
  );
  return stale.length > 0 ? `the baseline records other sources of: ${stale.join(', ')}` : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { baseline: { type: 'string', default: 'reports/mutation/stryker-incremental.json' } },
  });
  const change = changeSinceBaseline(process.cwd(), values.baseline);
  if (change) {
    console.log(`mutation: ${change}; Stryker runs the changed mutants`);
    process.exit(1);
  }
  console.log(
    'mutation: the rules, their tests and the configs are as in the committed baseline; its score stands',
  );
}
