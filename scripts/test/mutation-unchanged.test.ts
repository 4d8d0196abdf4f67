import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeSinceBaseline, staleFiles } from '../mutation-unchanged.js';

// When npm test's mutation step may stand on the committed baseline instead of running Stryker: only
// when git says nothing the mutants depend on changed since the baseline's commit and the baseline
// records the sources on disk. A repository made up here, with one rule, its test and a baseline.

const BASELINE = 'reports/mutation/stryker-incremental.json';
const RULE = 'packages/domain/src/rule.ts';
const TEST = 'packages/domain/src/rule.test.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
const baselineOf = (rule: string, test: string) =>
  JSON.stringify({ files: { [RULE]: { source: rule } }, testFiles: { [TEST]: { source: test } } });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mutation-unchanged-'));
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  write(RULE, 'export const rule = 1;\n');
  write(TEST, 'test of the rule\n');
  write(BASELINE, baselineOf('export const rule = 1;\n', 'test of the rule\n'));
  git('add', '.');
  git('commit', '-q', '-m', 'rule and baseline');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether the mutation baseline still stands', () => {
  it('stands when nothing changed since its commit', () => {
    expect(changeSinceBaseline(root, BASELINE)).toBeUndefined();
  });

  it('does not stand when a rule changed after it, committed or not', () => {
    write(RULE, 'export const rule = 2;\n');
    expect(changeSinceBaseline(root, BASELINE)).toBe(`changed since the baseline's commit: ${RULE}`);
    git('commit', '-q', '-am', 'rule changed');
    expect(changeSinceBaseline(root, BASELINE)).toBe(`changed since the baseline's commit: ${RULE}`);
  });

  it('does not stand when a file is added beside the rules or the lock changed', () => {
    write('packages/domain/src/new-rule.ts', 'export const newRule = 1;\n');
    expect(changeSinceBaseline(root, BASELINE)).toBe(
      "new since the baseline's commit: packages/domain/src/new-rule.ts",
    );
    rmSync(join(root, 'packages/domain/src/new-rule.ts'));
    write('package-lock.json', '{}\n');
    git('add', 'package-lock.json');
    expect(changeSinceBaseline(root, BASELINE)).toBe(
      "changed since the baseline's commit: package-lock.json",
    );
  });

  it('does not stand when it was committed with sources other than those beside it', () => {
    write(BASELINE, baselineOf('export const rule = 1;\n', 'an older test of the rule\n'));
    git('commit', '-q', '-am', 'a stale baseline');
    expect(changeSinceBaseline(root, BASELINE)).toBe(`the baseline records other sources of: ${TEST}`);
  });

  it('does not stand in a shallow clone or without a committed baseline', () => {
    const shallow = mkdtempSync(join(tmpdir(), 'mutation-unchanged-shallow-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${root}`, shallow], { stdio: 'ignore' });
      expect(changeSinceBaseline(shallow, BASELINE)).toBe('a shallow clone has no history');
    } finally {
      rmSync(shallow, { recursive: true, force: true });
    }
    expect(changeSinceBaseline(root, 'reports/mutation/other.json')).toBe(
      'reports/mutation/other.json is not committed',
    );
  });
});

describe('stale files of a baseline', () => {
  it('names a recorded source that differs from the disk or is gone, and skips a test file recorded without one', () => {
    const read = (path: string) => ({ 'a.ts': 'a', 'b.ts': 'b changed' })[path];
    const baseline = {
      files: { 'a.ts': { source: 'a' }, 'b.ts': { source: 'b' }, 'gone.ts': { source: 'g' } },
      testFiles: { 'a.test.ts': {} },
    };
    expect(staleFiles(baseline, read)).toEqual(['b.ts', 'gone.ts']);
  });
});
