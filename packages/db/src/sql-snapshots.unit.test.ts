import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOT_REPOSITORIES, SQL_MODULES, type SqlCall } from '../test/sql/inputs.js';
import { recordingDb } from '../test/sql/recording-db.js';

// The SQL every repository function sends, compiled by Kysely with placeholder inputs (no database)
// and compared with the committed files of packages/db/test/sql: a changed query shows in review.
// After a deliberate change: npm run sql:snapshots (this file with -u), and commit the files.

const src = dirname(fileURLToPath(import.meta.url));
const snapshots = join(src, '..', 'test', 'sql');

const exportedModules = [
  ...readFileSync(join(src, 'index.ts'), 'utf8').matchAll(/from '\.\/(.+)\.js';/g),
].map((match) => match[1] as string);

function isIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** The statements one call sends, then what it threw (if anything): the section of its snapshot. */
async function statementsOf(call: SqlCall): Promise<string[]> {
  const { db, statements } = recordingDb(call.rows);
  try {
    const result = call.run(db);
    if (isIterable(result)) {
      for await (const _ of result) {
        // Each page is one statement; the recording answers none, so the first page ends it.
      }
    } else if (result instanceof Promise) {
      await result;
    } else {
      statements.push((result.compile() as { sql: string }).sql);
    }
  } catch (error) {
    return [...statements, `-- then threw: ${(error as Error).message}`];
  }
  return statements;
}

/** One line a statement: raw SQL's own line breaks and indents would only be noise in a diff. */
const oneLine = (statement: string) => statement.replace(/\s*\n\s*/g, ' ').trim();

describe('the SQL of every repository function', () => {
  it('lists every module of the package', () => {
    const listed = new Set([...Object.keys(SQL_MODULES), ...NOT_REPOSITORIES]);
    expect(exportedModules.filter((name) => !listed.has(name))).toEqual([]);
    expect(Object.keys(SQL_MODULES).filter((name) => !exportedModules.includes(name))).toEqual([]);
  });

  it('keeps no snapshot of a module that is gone', () => {
    const files = readdirSync(snapshots, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.sql'))
      .map((file) => relative(snapshots, join(snapshots, file)).replace(/\.sql$/, ''));
    expect(files.filter((file) => !(file in SQL_MODULES))).toEqual([]);
  });

  for (const [name, { module, calls }] of Object.entries(SQL_MODULES)) {
    it(`${name}: matches test/sql/${name}.sql`, async () => {
      const functions = Object.entries(module)
        .filter(([, value]) => typeof value === 'function' && !String(value).startsWith('class'))
        .map(([key]) => key);
      expect(
        functions.filter((fn) => !(fn in calls)),
        'exports without a call',
      ).toEqual([]);
      expect(
        Object.keys(calls).filter((fn) => !functions.includes(fn)),
        'calls of no export',
      ).toEqual([]);

      const sections = [
        `-- The SQL of packages/db/src/${name}.ts, written by src/sql-snapshots.unit.test.ts`,
      ];
      for (const [fn, entry] of Object.entries(calls).sort(([a], [b]) => a.localeCompare(b))) {
        if (entry === false) continue;
        const call = typeof entry === 'function' ? { run: entry } : entry;
        const statements = await statementsOf(call);
        sections.push(
          `-- ${fn}\n${statements.map((statement) => (statement.startsWith('-- ') ? statement : `${oneLine(statement)};`)).join('\n')}`,
        );
      }
      await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(join(snapshots, `${name}.sql`));
    });
  }
});
