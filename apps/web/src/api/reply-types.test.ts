import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// CONTRIBUTING.md "Where is a reply's shape defined?": once, in @portal/domain/api, and the SPA takes
// its type from there with `import type`. This test lists the SPA's API reads (the calls of the read
// helpers with their type argument, and the JSON of a raw fetch cast to a type) and fails when a
// reply type comes from anywhere else: written in the SPA (a type of the file, a shape inline, a
// primitive), taken from another SPA module, or imported from @portal/domain/api as a value (which
// would bring TypeBox into the browser bundle).

/** The calls that read an API reply typed by their first type argument. */
const READ_HELPERS = [
  'useApi',
  'useApiShowing',
  'useSWR',
  'useAdminList',
  'get',
  'post',
  'put',
  'del',
  'request',
];
/** Hooks whose reply is only known by their type argument: one without it is a reply typed nowhere. */
const HOOKS_NEEDING_A_TYPE = new Set(['useApi', 'useApiShowing', 'useSWR', 'useAdminList']);

type Read = { file: string; line: number; helper: string; replyType: string | null; problem: string | null };

/** apps/web/src (jsdom's URL is no file URL to Node: the path is taken from the module's own). */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Comments blanked (kept as spaces, so that offsets and line numbers stay), strings left as they are. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, (comment) => ' '.repeat(comment.length));
}

/** Local name → where it was imported from, and whether as a type only. */
function importsOf(source: string): Map<string, { from: string; typeOnly: boolean }> {
  const imports = new Map<string, { from: string; typeOnly: boolean }>();
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const [, typeKeyword, specifiers = '', from = ''] = match;
    for (const raw of specifiers.split(',')) {
      const specifier = raw.trim();
      if (specifier === '') continue;
      const typeOnly = Boolean(typeKeyword) || specifier.startsWith('type ');
      const local =
        specifier
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          ?.trim() ?? '';
      imports.set(local, { from, typeOnly });
    }
  }
  return imports;
}

/** The type parameters the file declares (`function useApi<T>(`, `= <T>(`): a helper passing its own on. */
function typeParametersOf(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/(?:function\s+\w+\s*|=\s*)<([^<>()]*)>\s*\(/g)) {
    for (const parameter of (match[1] ?? '').split(',')) {
      const name = /^\s*([A-Z]\w*)/.exec(parameter)?.[1];
      if (name) names.add(name);
    }
  }
  return names;
}

/** The text between the `<` at `start` and its matching `>`, or null when it is no type argument list. */
function typeArgumentsAt(source: string, start: number): string | null {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '<' || c === '{' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) return c === '>' ? source.slice(start + 1, i) : null;
    } else if (c === ';' && depth === 1) return null;
  }
  return null;
}

function firstTypeArgument(list: string): string {
  let depth = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '<' || c === '{' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === '}' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) return list.slice(0, i).trim();
  }
  return list.trim();
}

/** Where the type argument `replyType` comes from, or what is wrong with it. */
function problemOf(
  replyType: string,
  imports: ReturnType<typeof importsOf>,
  typeParameters: Set<string>,
): string | null {
  // An imported type, a list of it, or Partial of it (a raw fetch that trusts no field).
  const named = /^(?:Partial<\s*([A-Z]\w*)\s*>|([A-Z]\w*)(?:\[\])?)$/.exec(
    replyType.replace(/\s+/g, ' ').trim(),
  );
  const name = named?.[1] ?? named?.[2];
  if (!name) return `the reply type ${replyType} is written here: import it from @portal/domain/api`;
  if (typeParameters.has(name)) return null;
  const origin = imports.get(name);
  if (!origin) return `${name} is declared in this file: import it from @portal/domain/api`;
  if (!origin.from.startsWith('@portal/domain/api/'))
    return `${name} comes from '${origin.from}', not @portal/domain/api`;
  if (!origin.typeOnly) return `${name} is imported from ${origin.from} as a value: use import type`;
  return null;
}

/** The API reads of one source file, each with its reply type and what is wrong with it, if anything. */
function readsOf(file: string, text: string): Read[] {
  const source = withoutComments(text);
  const imports = importsOf(source);
  const typeParameters = typeParametersOf(source);
  const lineAt = (offset: number) => source.slice(0, offset).split('\n').length;
  const reads: Read[] = [];

  const call = new RegExp(`(^|[^\\w$])(${READ_HELPERS.join('|')})\\s*(<|\\()`, 'g');
  for (const match of source.matchAll(call)) {
    const [, before = '', helper = '', opening] = match;
    const at = (match.index ?? 0) + before.length;
    if (/function\s*$/.test(source.slice(Math.max(0, at - 20), at))) continue;
    if (opening === '(') {
      if (HOOKS_NEEDING_A_TYPE.has(helper) && before !== '.') {
        reads.push({
          file,
          line: lineAt(at),
          helper,
          replyType: null,
          problem: `${helper} without a reply type`,
        });
      }
      continue;
    }
    const list = typeArgumentsAt(source, at + match[0].length - before.length - 1);
    if (list === null) {
      reads.push({ file, line: lineAt(at), helper, replyType: null, problem: `${helper}< not understood` });
      continue;
    }
    const replyType = firstTypeArgument(list);
    reads.push({
      file,
      line: lineAt(at),
      helper,
      replyType,
      problem: problemOf(replyType, imports, typeParameters),
    });
  }

  for (const match of source.matchAll(/\.json\(\)\)?\s+as\s+([^;,)\n]+)/g)) {
    const replyType = (match[1] ?? '').trim();
    reads.push({
      file,
      line: lineAt(match.index ?? 0),
      helper: 'response.json()',
      replyType,
      problem: problemOf(replyType, imports, typeParameters),
    });
  }
  return reads;
}

function spaReads(): Read[] {
  return sourceFiles(SRC).flatMap((path) => readsOf(relative(SRC, path), readFileSync(path, 'utf8')));
}

const describeRead = (read: Read) =>
  `${read.file}:${read.line} ${read.helper}<${read.replyType ?? ''}>: ${read.problem}`;

describe('the reply types of the SPA', () => {
  const reads = spaReads();

  it('lists the API reads of the SPA, with the type each reply is read as', () => {
    const listed = reads.map((read) => `${read.file} ${read.helper}<${read.replyType}>`);
    // A few reads by each kind of helper, so that a scan finding nothing cannot pass.
    expect(listed).toEqual(
      expect.arrayContaining([
        'pages/reports/PartnersPage.tsx useApi<PartnersReply>',
        'pages/dashboards/TableauViewerPage.tsx useApiShowing<TableauEmbed>',
        'components/SiteBanner.tsx useSWR<BannersReply>',
        'components/SiteBanner.tsx get<BannersReply>',
        'pages/admin/ManageFrequencyTypesPage.tsx useAdminList<FrequencyTypeListReply>',
        'pages/reports/human-verification.ts post<HumanVerificationResult>',
        'components/partner-images/usePartnerImage.ts response.json()<Partial<PartnerImagesReply>>',
      ]),
    );
    expect(reads.length).toBeGreaterThan(50);
  });

  it('takes every reply type from @portal/domain/api with import type', () => {
    expect(reads.filter((read) => read.problem !== null).map(describeRead)).toEqual([]);
  });
});

describe('the check of one file', () => {
  const checked = (source: string) => readsOf('Page.tsx', source).map((read) => read.problem);

  it('passes a reply type imported with import type from @portal/domain/api, alone or as a list', () => {
    expect(
      checked(`import type { Faq } from '@portal/domain/api/faqs';
        import { type Uri } from '@portal/domain/api/auth';
        const { data } = useApi<Faq[]>('/api/faqs');
        const { uri } = await api.get<Uri>('/api/logout');`),
    ).toEqual([null, null]);
  });

  it('passes a helper handing its own type parameter on', () => {
    expect(checked('export function useApi<T>(path: string) { return useSWR<T, ApiError>(path); }')).toEqual([
      null,
    ]);
  });

  it('fails a reply type declared in the file', () => {
    expect(
      checked(`type TableauEmbed = { dashboardUrl: string; token: string };
        const { data } = useApiShowing<TableauEmbed>(path, 'any');`),
    ).toEqual(['TableauEmbed is declared in this file: import it from @portal/domain/api']);
  });

  it('fails a shape or a primitive written inline', () => {
    expect(
      checked(`const { objectKey } = await get<{ objectKey: string }>(path);
        useApiShowing<{ dashboardUrl: string; dashboardName: string }>(path, 'any');
        useApi<string[]>('/api/reasons');`),
    ).toEqual([
      'the reply type { objectKey: string } is written here: import it from @portal/domain/api',
      'the reply type { dashboardUrl: string; dashboardName: string } is written here: import it from @portal/domain/api',
      'the reply type string[] is written here: import it from @portal/domain/api',
    ]);
  });

  it('fails a type taken from another SPA module, or imported from @portal/domain/api as a value', () => {
    expect(
      checked(`import type { CategoryList } from './categories-api.js';
        import { Faq } from '@portal/domain/api/faqs';
        useAdminList<CategoryList>('/api/admin/categories', { sort: 'name' });
        useApi<Faq[]>('/api/faqs');`),
    ).toEqual([
      "CategoryList comes from './categories-api.js', not @portal/domain/api",
      'Faq is imported from @portal/domain/api/faqs as a value: use import type',
    ]);
  });

  it('fails a hook read without a reply type, and the JSON of a raw fetch cast to a type of the file', () => {
    expect(
      checked(`type Images = { logo: unknown };
        const { data } = useApi('/api/partners');
        const images = (await response.json()) as Images;`),
    ).toEqual([
      'useApi without a reply type',
      'Images is declared in this file: import it from @portal/domain/api',
    ]);
  });

  it('does not count a reply type named only in a comment', () => {
    expect(checked('// useApi<{ uri: string }>(path)\n/* get<Local>(path) */')).toEqual([]);
  });
});
