import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every reply schema is defined once, in @portal/domain/api (issue 27): a route's `response` names
// a schema imported from there, never one written in place or in the API's own files.

const SRC = new URL('../src/', import.meta.url).pathname;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

/** The text between the brace at `open` and its match. */
function braced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{' || text[i] === '(' || text[i] === '[') depth++;
    if (text[i] === '}' || text[i] === ')' || text[i] === ']') depth--;
    if (depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces');
}

/** The names a file imports from @portal/domain/api modules. */
function domainApiImports(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@portal\/domain\/api\/[\w-]+'/g,
  )) {
    for (const name of (match[1] ?? '').split(',')) {
      const bare = name.replace(/^\s*type\s+/, '').trim();
      if (bare) names.add(bare);
    }
  }
  return names;
}

/** Each `status: schema` of each `response: { ... }` in a file, with what is wrong with it. */
export function replyProblems(file: string, text: string): string[] {
  const imported = domainApiImports(text);
  const problems: string[] = [];
  for (const match of text.matchAll(/\bresponse:\s*\{/g)) {
    const body = braced(text, (match.index ?? 0) + match[0].length - 1);
    for (const entry of body.split(/,(?![^([{]*[)\]}])/)) {
      // The status may be computed (`[mode === 'create' ? 201 : 200]`): the schema follows the last ':'.
      const named = /^([\s\S]*):\s*([A-Z]\w*)\s*$/.exec(entry);
      const colon = entry.indexOf(':');
      const status = named?.[1] ?? entry.slice(0, colon);
      const schema = (named?.[2] ?? entry.slice(colon + 1)).trim();
      if (!status.trim() || !schema || colon < 0) continue;
      if (!/^[A-Z]\w*$/.test(schema))
        problems.push(`${file}: ${status.trim()}: ${schema} is written in place`);
      else if (!imported.has(schema))
        problems.push(`${file}: ${status.trim()}: ${schema} is not from @portal/domain/api`);
    }
  }
  return problems;
}

describe('reply schemas', () => {
  it('are named in every route and imported from @portal/domain/api', async () => {
    const files = await sourceFiles(SRC);
    let replies = 0;
    const problems: string[] = [];
    for (const path of files) {
      const text = await readFile(path, 'utf8');
      replies += [...text.matchAll(/\bresponse:\s*\{/g)].length;
      problems.push(...replyProblems(relative(SRC, path), text));
    }
    expect(replies).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });

  it('finds a schema written in place, and one from the API itself', () => {
    const inPlace = `import { Faq } from '@portal/domain/api/faqs';
      app.get('/x', { schema: { response: { 200: Type.Array(Faq), 404: Message } } }, h);`;
    expect(replyProblems('x.ts', inPlace)).toEqual([
      'x.ts: 200: Type.Array(Faq) is written in place',
      'x.ts: 404: Message is not from @portal/domain/api',
    ]);
    const fine = `import { Message } from '@portal/domain/api/common';
      import type { Faq } from '@portal/domain/api/faqs';
      app.get('/x', { schema: { response: { 200: Faq, 404: Message } } }, h);`;
    expect(replyProblems('x.ts', fine)).toEqual([]);
  });
});
