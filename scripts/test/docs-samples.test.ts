import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DocSample, markdownPages, REPO_ROOT, samplesOf } from '@portal/testing/doc-samples';
import { describe, expect, it } from 'vitest';

// Every code sample in docs/ runs in a test: each fenced block has a marker with an id, and a test
// file runs it with docSample('<page>', '<id>'), or its marker says what it needs that the test
// machines lack. Indented code blocks (which could hold no marker) are not used.

/** What a sample may need that the test machines do not have. */
const MISSING_HERE = new Set(['a container runtime']);
const TEST_FOLDERS = ['apps/api/test', 'workers/test', 'scripts/test', 'e2e'];

function testFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The samples the test files run: `page#id` for each docSample('page', 'id') call. */
function samplesRunByTests(): Set<string> {
  const run = new Set<string>();
  for (const file of TEST_FOLDERS.flatMap(testFiles)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/docSample\(\s*'([^']+)',\s*'([^']+)'/g)) {
      run.add(`${m[1]}#${m[2]}`);
    }
  }
  return run;
}

/** The first line of each indented code block of a page (four spaces after a blank line, outside fences). */
function indentedCodeBlocks(text: string): number[] {
  const lines = text.split('\n');
  const found: number[] = [];
  let fence: string | undefined;
  let inList = false;
  for (const [i, line] of lines.entries()) {
    const open = /^(```+|~~~+)/.exec(line);
    if (open) fence = fence && line.startsWith(fence) ? undefined : (fence ?? open[1]);
    if (fence) continue;
    if (/^\s*([-*+]|\d+\.)\s/.test(line)) inList = true;
    else if (line.trim() === '') inList = inList && /^\s/.test(lines[i + 1] ?? '');
    else if (!/^\s/.test(line)) inList = false;
    if (!inList && /^ {4}\S/.test(line) && (lines[i - 1] ?? '').trim() === '') found.push(i + 1);
  }
  return found;
}

function problemsOf(samples: DocSample[], run: Set<string>): string[] {
  const problems: string[] = [];
  const ids = new Map<string, number>();
  for (const s of samples) {
    const where = `${s.page}:${s.line}`;
    if (!s.id) {
      problems.push(`${where}: a fenced block without <!-- sample: <id> --> on the line before it`);
      continue;
    }
    ids.set(s.id, (ids.get(s.id) ?? 0) + 1);
    if (s.needs !== undefined) {
      if (!MISSING_HERE.has(s.needs))
        problems.push(`${where}: "${s.needs}" is on the test machines: run the sample`);
    } else if (!run.has(`${s.page}#${s.id}`)) {
      problems.push(`${where}: no test runs sample "${s.id}" (docSample('${s.page}', '${s.id}'))`);
    }
  }
  for (const [id, count] of ids) if (count > 1) problems.push(`sample id "${id}" is used ${count} times`);
  return problems;
}

describe('the code samples of docs/', () => {
  const pages = markdownPages('docs');

  it('are each run by a test, or say what they need that is missing here', () => {
    const samples = pages.flatMap(samplesOf);
    expect(samples.length).toBeGreaterThan(5);
    expect(problemsOf(samples, samplesRunByTests())).toEqual([]);
  });

  it.each(pages)('%s has no indented code block', (page) => {
    expect(indentedCodeBlocks(readFileSync(join(REPO_ROOT, page), 'utf8'))).toEqual([]);
  });

  it('the check fails for a block without marker, one no test runs, and one needing what is here', () => {
    const sample = (id: string | undefined, needs?: string): DocSample => ({
      page: 'docs/x.md',
      line: 3,
      id,
      needs,
      language: 'sh',
      code: 'true\n',
    });
    expect(problemsOf([sample(undefined), sample('orphan'), sample('psql', 'Postgres')], new Set())).toEqual([
      'docs/x.md:3: a fenced block without <!-- sample: <id> --> on the line before it',
      "docs/x.md:3: no test runs sample \"orphan\" (docSample('docs/x.md', 'orphan'))",
      'docs/x.md:3: "Postgres" is on the test machines: run the sample',
    ]);
    expect(indentedCodeBlocks('Text\n\n    code\n\n- item\n\n    continued item\n')).toEqual([3]);
  });
});
