import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The code samples of docs/: every fenced block carries a marker on the line before it,
// `<!-- sample: <id> -->`, or `<!-- sample: <id>, needs <what> -->` for a block that needs what the
// test machines lack. Tests run a sample by its id (docSample), so the text they run is the page's.

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type DocSample = {
  /** The page, relative to the repository root (docs/integrating/webhooks.md). */
  page: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The marker's id; undefined when the block has no marker. */
  id: string | undefined;
  /** What the sample needs that the test machines lack, from its marker. */
  needs: string | undefined;
  /** The fence's info string: sh, js, python, json… */
  language: string;
  code: string;
};

const MARKER = /^<!--\s*sample:\s*([a-z0-9-]+)\s*(?:,\s*needs\s+(.+?))?\s*-->$/;
const FENCE = /^(```+|~~~+)\s*([\w-]*)/;

/** Every Markdown page under a folder of the repository, relative paths, sorted. */
export function markdownPages(folder = 'docs'): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk(folder);
  return pages.sort();
}

/** The fenced blocks of a page, each with the marker of the line before it, if any. */
export function samplesOf(page: string): DocSample[] {
  const lines = readFileSync(join(REPO_ROOT, page), 'utf8').split('\n');
  const samples: DocSample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const fence = open[1] ?? '```';
    let end = i + 1;
    while (end < lines.length && !(lines[end] ?? '').startsWith(fence)) end++;
    const marker = MARKER.exec((lines[i - 1] ?? '').trim());
    samples.push({
      page: relative(REPO_ROOT, join(REPO_ROOT, page)),
      line: i + 1,
      id: marker?.[1],
      needs: marker?.[2],
      language: open[2] ?? '',
      code: `${lines.slice(i + 1, end).join('\n')}\n`,
    });
    i = end;
  }
  return samples;
}

/** The sample of this id on this page; throws when there is none, so a renamed sample fails its test. */
export function docSample(page: string, id: string): DocSample {
  const sample = samplesOf(page).find((s) => s.id === id);
  if (!sample)
    throw new Error(`${page} has no sample "${id}" (<!-- sample: ${id} --> before a fenced block)`);
  return sample;
}
