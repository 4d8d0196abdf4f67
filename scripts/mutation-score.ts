// Reads Stryker's report (reports/mutation/mutation.json, written by `npm run test:mutation`) and
// holds the rules' tests to their bar (mutation-gate.ts): at least 95% of the mutants killed over
// packages/domain and no file below 90%, a file with no valid mutant counting as below. Mutants
// marked equivalent in the source (`// Stryker disable next-line <mutator>: why`) and static ones
// (stryker.config.json) are ignored by Stryker and count for neither side. Prints the score by file.
// With --baseline (npm test), the bar is the committed baseline as well: no file and not the whole
// may score lower than it did there, a file new to it needs 90% and the whole 95%.
//   npx tsx scripts/mutation-score.ts [--markdown] [--survivors] [--report <json>] [--baseline <json>]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  baselineFailures,
  fullRunFailures,
  pct,
  type Report,
  scoresOf,
  totalOf,
  UNDETECTED,
} from './mutation-gate.js';

const { values } = parseArgs({
  options: {
    markdown: { type: 'boolean', default: false },
    report: { type: 'string', default: 'reports/mutation/mutation.json' },
    survivors: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const readReport = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Report;
const report = readReport(values.report);
const rows = scoresOf(report);
const total = totalOf(rows);

if (values.markdown) {
  console.log(
    '| file | killed | survived | left out (static, or marked equivalent) | score |\n|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(`| ${r.file} | ${r.killed} | ${r.survived} | ${r.ignored} | ${pct(r.score)} |`);
  console.log(
    `| **all of packages/domain** | ${total.killed} | ${total.survived} | ${total.ignored} | **${pct(total.score)}** |`,
  );
} else {
  for (const r of rows) {
    console.log(
      `${pct(r.score).padStart(7)}  ${r.file}  (${r.killed} killed, ${r.survived} survived, ${r.ignored} left out)`,
    );
  }
  console.log(
    `${pct(total.score).padStart(7)}  all of packages/domain (${total.killed} killed, ${total.survived} survived, ${total.ignored} left out)`,
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

const failures = values.baseline
  ? baselineFailures(rows, scoresOf(readReport(values.baseline)))
  : fullRunFailures(rows);
if (failures.length > 0) {
  console.error(`mutation score: ${failures.join('; ')}`);
  process.exit(1);
}
