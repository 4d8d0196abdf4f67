import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { markdownPages, REPO_ROOT } from '@portal/testing/doc-samples';
import { describe, expect, it } from 'vitest';

// Every relative link of the README, CONTRIBUTING.md and docs/ leads somewhere: the file or
// folder exists, and an anchor names a heading of the page it points at.

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{Letter}\p{Number}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(m[1] as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The text without fenced blocks and inline code, where brackets are not links. */
function withoutCode(text: string): string {
  return text.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The relative links of a page that do not resolve, as `target: why`. */
function brokenLinks(page: string, text = readFileSync(join(REPO_ROOT, page), 'utf8')): string[] {
  const problems: string[] = [];
  for (const m of withoutCode(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#');
    const file = path ? normalize(join(dirname(page), decodeURIComponent(path))) : page;
    const full = join(REPO_ROOT, file);
    if (!existsSync(full)) {
      problems.push(`${target}: ${file} does not exist`);
      continue;
    }
    if (anchor && statSync(full).isFile() && file.endsWith('.md')) {
      if (!anchorsOf(readFileSync(full, 'utf8')).has(anchor))
        problems.push(`${target}: no heading #${anchor} in ${file}`);
    }
  }
  return problems;
}

describe('relative links', () => {
  it.each(['README.md', 'CONTRIBUTING.md', ...markdownPages('docs')])('%s', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a missing file and a missing heading', () => {
    const page =
      '[a](nope.md), [b](operating/settings.md#nothing), [c](operating/settings.md#retention), [d](https://x.example)';
    expect(brokenLinks('docs/example.md', page)).toEqual([
      'nope.md: docs/nope.md does not exist',
      'operating/settings.md#nothing: no heading #nothing in docs/operating/settings.md',
    ]);
  });

  it('reads anchors as GitHub writes them', () => {
    expect(slug("Why an issuer's auditors accept the defaults")).toBe(
      'why-an-issuers-auditors-accept-the-defaults',
    );
    expect(slug('Retention: every table and its bound')).toBe('retention-every-table-and-its-bound');
    expect(anchorsOf('# A\n## Setup\n## Setup\n```\n# not a heading\n```\n')).toEqual(
      new Set(['a', 'setup', 'setup-1']),
    );
  });
});
