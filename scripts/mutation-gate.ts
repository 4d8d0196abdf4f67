// The bars the mutation score of packages/domain is held to (mutation-score.ts prints and applies
// them). Stryker's statuses: Killed and Timeout detect a mutant, Survived and NoCoverage do not;
// Ignored ones (static, or marked equivalent in the source) count for neither side.

export const TOTAL_AT_LEAST = 95;
export const FILE_AT_LEAST = 90;

export type Mutant = {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
};
export type Report = { files: Record<string, { mutants: Mutant[] }> };

/** A file's counts; `score` is null when it has no valid mutant (nothing measured, not 100%). */
export type Row = { file: string; killed: number; survived: number; ignored: number; score: number | null };

const DETECTED = new Set(['Killed', 'Timeout']);
export const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export function scoresOf(report: Report): Row[] {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const killed = mutants.filter((m) => DETECTED.has(m.status)).length;
      const survived = mutants.filter((m) => UNDETECTED.has(m.status)).length;
      const ignored = mutants.filter((m) => m.status === 'Ignored').length;
      const valid = killed + survived;
      return {
        file: file.replace(/^.*packages\/domain\/src\//, ''),
        killed,
        survived,
        ignored,
        score: valid ? (100 * killed) / valid : null,
      };
    })
    .sort((a, b) => (a.score ?? -1) - (b.score ?? -1) || a.file.localeCompare(b.file));
}

export function totalOf(rows: readonly Row[]): {
  killed: number;
  survived: number;
  ignored: number;
  score: number;
} {
  const sum = (key: 'killed' | 'survived' | 'ignored') => rows.reduce((n, row) => n + row[key], 0);
  const killed = sum('killed');
  const survived = sum('survived');
  return {
    killed,
    survived,
    ignored: sum('ignored'),
    score: killed + survived ? (100 * killed) / (killed + survived) : 0,
  };
}

export const pct = (n: number | null) => (n === null ? 'no valid mutant' : `${n.toFixed(1)}%`);

// A hundredth of a percent of slack: the same results summed in another order.
const SLACK = 0.01;

/** Files below the bar of a new file. */
function belowFileBar(rows: readonly Row[]): Row[] {
  return rows.filter((r) => r.score !== null && r.score < FILE_AT_LEAST);
}

/** A file with no valid mutant measures nothing: it fails, whatever the baseline said. */
function unmeasured(rows: readonly Row[]): string[] {
  const none = rows.filter((r) => r.score === null);
  return none.length > 0 ? [`no valid mutant (nothing measured): ${none.map((r) => r.file).join(', ')}`] : [];
}

/**
 * The full run's bar: the package at TOTAL_AT_LEAST, every file at FILE_AT_LEAST. The reasons it
 * fails, none when it passes.
 */
export function fullRunFailures(rows: readonly Row[]): string[] {
  const failures: string[] = [];
  const total = totalOf(rows).score;
  if (total < TOTAL_AT_LEAST)
    failures.push(`the package scores ${pct(total)} (at least ${TOTAL_AT_LEAST}% needed)`);
  const low = belowFileBar(rows);
  if (low.length > 0) {
    failures.push(`below ${FILE_AT_LEAST}%: ${low.map((r) => `${r.file} ${pct(r.score)}`).join(', ')}`);
  }
  return [...failures, ...unmeasured(rows)];
}

/**
 * `npm test`'s bar, against the committed baseline: no known file and not the package lower than
 * there; a file new to the baseline at FILE_AT_LEAST (so other files' new kills cannot carry it);
 * the package at TOTAL_AT_LEAST whatever the baseline.
 */
export function baselineFailures(rows: readonly Row[], baseline: readonly Row[]): string[] {
  const failures: string[] = [];
  const was = new Map(baseline.map((r) => [r.file, r.score]));
  const total = totalOf(rows).score;
  const baselineTotal = totalOf(baseline).score;
  if (total < baselineTotal - SLACK) {
    failures.push(
      `the package fell below the committed baseline (${pct(baselineTotal)} then, ${pct(total)} now)`,
    );
  }
  if (total < TOTAL_AT_LEAST)
    failures.push(`the package scores ${pct(total)} (at least ${TOTAL_AT_LEAST}% needed)`);
  const known = rows.filter((r) => was.has(r.file));
  const lower = known.filter((r) => (r.score ?? 0) < (was.get(r.file) ?? 0) - SLACK);
  if (lower.length > 0) {
    failures.push(
      `lower than the baseline: ${lower.map((r) => `${r.file} ${pct(was.get(r.file) ?? null)} → ${pct(r.score)}`).join(', ')}`,
    );
  }
  const newLow = belowFileBar(rows.filter((r) => !was.has(r.file)));
  if (newLow.length > 0) {
    failures.push(
      `new to the baseline and below ${FILE_AT_LEAST}%: ${newLow.map((r) => `${r.file} ${pct(r.score)}`).join(', ')}`,
    );
  }
  return [...failures, ...unmeasured(rows)];
}
