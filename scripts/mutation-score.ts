// Reads Stryker's report (reports/mutation/mutation.json, written by `npm run test:mutation`) and
// holds the rules' tests to their bar: at least 95% of the mutants killed over packages/domain and
// no file below 90%. Mutants marked equivalent in the source (`// Stryker disable next-line
// <mutator>: why`) and static ones (stryker.config.json) are ignored by Stryker and count for
// neither side. Prints the score by file. With --baseline (npm test), the bar is the committed
// baseline instead: no file and not the whole may score lower than it did there.
//   npx tsx scripts/mutation-score.ts [--markdown] [--survivors] [--report <json>] [--baseline <json>]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const TOTAL_AT_LEAST = 95;
const FILE_AT_LEAST = 90;

type Mutant = {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number } };
};
type Report = { files: Record<string, { mutants: Mutant[] }> };

const { values } = parseArgs({
  options: {
    markdown: { type: 'boolean', default: false },
    report: { type: 'string', default: 'reports/mutation/mutation.json' },
    survivors: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const report = JSON.parse(readFileSync(values.report, 'utf8')) as Report;

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
type Row = { file: string; killed: number; survived: number; ignored: number; score: number };

const scoresOf = (of: Report): Row[] =>
  Object.entries(of.files)
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
        score: valid ? (100 * killed) / valid : 100,
      };
    })
    .sort((a, b) => a.score - b.score || a.file.localeCompare(b.file));

const rows = scoresOf(report);
const sum = (key: 'killed' | 'survived' | 'ignored') => rows.reduce((n, row) => n + row[key], 0);
const total = { killed: sum('killed'), survived: sum('survived'), ignored: sum('ignored') };
const totalScore = (100 * total.killed) / (total.killed + total.survived);
const pct = (n: number) => `${n.toFixed(1)}%`;

if (values.markdown) {
  console.log(
    '| file | killed | survived | left out (static, or marked equivalent) | score |\n|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(`| ${r.file} | ${r.killed} | ${r.survived} | ${r.ignored} | ${pct(r.score)} |`);
  console.log(
    `| **all of packages/domain** | ${total.killed} | ${total.survived} | ${total.ignored} | **${pct(totalScore)}** |`,
  );
} else {
  for (const r of rows) {
    console.log(
      `${pct(r.score).padStart(7)}  ${r.file}  (${r.killed} killed, ${r.survived} survived, ${r.ignored} left out)`,
    );
  }
  console.log(
    `${pct(totalScore).padStart(7)}  all of packages/domain (${total.killed} killed, ${total.survived} survived, ${total.ignored} left out)`,
  );
}
if (values.survivors) {
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants.filter((x) => UNDETECTED.has(x.status))) {
      console.log(
        `${file}:${m.location.start.line} ${m.status} ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`,
      );
    }
  }
}

if (values.baseline) {
  const before = scoresOf(JSON.parse(readFileSync(values.baseline, 'utf8')) as Report);
  const was = new Map(before.map((r) => [r.file, r.score]));
  const baselineTotal =
    (100 * before.reduce((n, r) => n + r.killed, 0)) / before.reduce((n, r) => n + r.killed + r.survived, 0);
  // A hundredth of a percent of slack: the same results summed in another order.
  const lower = rows.filter((r) => r.score < (was.get(r.file) ?? 0) - 0.01);
  if (totalScore < baselineTotal - 0.01 || lower.length > 0) {
    console.error(
      `mutation score fell below the committed baseline (${pct(baselineTotal)} then, ${pct(totalScore)} now)${lower.length ? `; lower: ${lower.map((r) => `${r.file} ${pct(was.get(r.file) ?? 0)} → ${pct(r.score)}`).join(', ')}` : ''}`,
    );
    process.exit(1);
  }
} else {
  const low = rows.filter((r) => r.score < FILE_AT_LEAST);
  if (totalScore < TOTAL_AT_LEAST || low.length > 0) {
    console.error(
      `mutation score: ${pct(totalScore)} (at least ${TOTAL_AT_LEAST}% needed)${low.length ? `; below ${FILE_AT_LEAST}%: ${low.map((r) => r.file).join(', ')}` : ''}`,
    );
    process.exit(1);
  }
}
