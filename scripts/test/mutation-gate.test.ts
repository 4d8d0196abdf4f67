import { describe, expect, it } from 'vitest';
import { baselineFailures, fullRunFailures, type Mutant, type Report, scoresOf } from '../mutation-gate.js';

// The bars of the rules' mutation score, on reports made up here: `npm test` holds a change to the
// committed baseline (scripts/test.sh mutation_step), the full run to the absolute bars.

const mutants = (killed: number, survived: number, ignored = 0, notCovered = 0, timeouts = 0): Mutant[] =>
  [
    ...Array.from({ length: killed }, () => 'Killed'),
    ...Array.from({ length: timeouts }, () => 'Timeout'),
    ...Array.from({ length: survived }, () => 'Survived'),
    ...Array.from({ length: notCovered }, () => 'NoCoverage'),
    ...Array.from({ length: ignored }, () => 'Ignored'),
  ].map((status, i) => ({
    status,
    mutatorName: 'ConditionalExpression',
    location: { start: { line: i + 1 } },
  }));

const report = (files: Record<string, Mutant[]>): Report => ({
  files: Object.fromEntries(
    Object.entries(files).map(([file, list]) => [`packages/domain/src/${file}`, { mutants: list }]),
  ),
});

// 1,000 mutants, 960 killed: 96%.
const known = { 'rules.ts': mutants(480, 20), 'more-rules.ts': mutants(480, 20) };
const baseline = report(known);

describe('the mutation gate', () => {
  it('counts timeouts as detected, not-covered as undetected, ignored as neither', () => {
    const [row] = scoresOf(report({ 'a.ts': mutants(7, 1, 5, 1, 1) }));
    expect(row).toEqual({ file: 'a.ts', killed: 8, survived: 2, ignored: 5, score: 80 });
  });

  it('passes the baseline itself', () => {
    expect(baselineFailures(scoresOf(baseline), scoresOf(baseline))).toEqual([]);
  });

  it('refuses a known file that scores lower than in the baseline', () => {
    const now = report({ 'rules.ts': mutants(479, 21), 'more-rules.ts': mutants(490, 10) });
    expect(baselineFailures(scoresOf(now), scoresOf(baseline))).toEqual([
      'lower than the baseline: rules.ts 96.0% → 95.8%',
    ]);
  });

  it('refuses a new file at 85% even when four old survivors are killed in the same change', () => {
    const now = report({
      'rules.ts': mutants(484, 16),
      'more-rules.ts': mutants(480, 20),
      'new-rule.ts': mutants(17, 3),
    });
    // The old rule alone (no file lower, the package not lower) would pass it: 981 of 1,020.
    expect(baselineFailures(scoresOf(now), scoresOf(baseline))).toEqual([
      'new to the baseline and below 90%: new-rule.ts 85.0%',
    ]);
  });

  it('takes a new file at 90%, the package held at its baseline', () => {
    const now = report({ ...known, 'rules.ts': mutants(482, 18), 'new-rule.ts': mutants(18, 2) });
    expect(baselineFailures(scoresOf(now), scoresOf(baseline))).toEqual([]);
  });

  it('refuses a file with no valid mutant, new or known: it measures nothing', () => {
    const now = report({ ...known, 'pages.ts': mutants(0, 0, 40) });
    expect(baselineFailures(scoresOf(now), scoresOf(baseline))).toEqual([
      'no valid mutant (nothing measured): pages.ts',
    ]);
    expect(fullRunFailures(scoresOf(now))).toEqual(['no valid mutant (nothing measured): pages.ts']);
    const bare = report({ ...known, 'pages.ts': mutants(0, 0, 3) });
    expect(baselineFailures(scoresOf(bare), scoresOf(bare))).toEqual([
      'no valid mutant (nothing measured): pages.ts',
    ]);
  });

  it('holds the package to 95% even where the baseline was lower', () => {
    const low = report({ 'rules.ts': mutants(470, 30), 'more-rules.ts': mutants(470, 30) });
    expect(baselineFailures(scoresOf(low), scoresOf(low))).toEqual([
      'the package scores 94.0% (at least 95% needed)',
    ]);
  });

  it('refuses a package that falls below the baseline', () => {
    const now = report({ ...known, 'new-rule.ts': mutants(91, 9) });
    expect(baselineFailures(scoresOf(now), scoresOf(baseline))).toEqual([
      'the package fell below the committed baseline (96.0% then, 95.5% now)',
    ]);
  });

  it('holds a full run to 95% over the package and 90% in every file', () => {
    expect(fullRunFailures(scoresOf(baseline))).toEqual([]);
    const now = report({ 'rules.ts': mutants(980, 0), 'weak.ts': mutants(17, 3) });
    expect(fullRunFailures(scoresOf(now))).toEqual(['below 90%: weak.ts 85.0%']);
    expect(fullRunFailures(scoresOf(report({ 'a.ts': mutants(94, 6) })))).toEqual([
      'the package scores 94.0% (at least 95% needed)',
    ]);
  });
});
