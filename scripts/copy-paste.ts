// npm test's copy-paste step: jscpd over the source tree (.jscpd.json says which files: apps,
// packages, workers, scripts and e2e, without migrations, which are append-only history), failing
// when the duplicated share or the number of clones grows past the bar below. The bar is the tree
// as measured when the step came in (issue 27, after its twins were made one: 65 clones, 0.84% of
// the lines); most of what is left is tests' own arrangements and import lists. A copy that
// belongs in one place goes there; one that is right as two raises the bar in the same commit,
// saying why. --list prints every clone.
//   npx tsx scripts/copy-paste.ts [--list]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Duplicated lines, in % of all lines scanned. */
const PERCENT_AT_MOST = 0.9;
const CLONES_AT_MOST = 65;

type Place = { name: string; start: number; end: number };
type Report = {
  statistics: { total: { clones: number; duplicatedLines: number; lines: number; percentage: number } };
  duplicates: { lines: number; tokens: number; firstFile: Place; secondFile: Place }[];
};

const output = mkdtempSync(join(tmpdir(), 'jscpd-'));
try {
  const run = spawnSync(
    'npx',
    ['jscpd', '--reporters', 'json', '--output', output, '--absolute', '--silent', '--no-tips'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (run.status !== 0) throw new Error(`jscpd exited ${run.status ?? run.signal}`);
  const report = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8')) as Report;
  const { clones, duplicatedLines, lines, percentage } = report.statistics.total;
  const over = percentage > PERCENT_AT_MOST || clones > CLONES_AT_MOST;
  console.log(
    `copy-paste: ${clones} clones, ${duplicatedLines} of ${lines} lines duplicated (${percentage.toFixed(2)}%); ` +
      `at most ${CLONES_AT_MOST} clones and ${PERCENT_AT_MOST}%`,
  );
  if (over || process.argv.includes('--list')) {
    const at = (p: Place) => `${relative(process.cwd(), p.name)}:${p.start}-${p.end}`;
    for (const d of report.duplicates)
      console.log(`  ${at(d.firstFile)}  ${at(d.secondFile)}  (${d.lines} lines)`);
  }
  if (over) {
    console.error(
      'copy-paste: more duplicated code than the bar allows; put the copy in one place (see above).',
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(output, { recursive: true, force: true });
}
