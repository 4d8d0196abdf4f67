import {
  createTestDatabase,
  ensureAccessTypes,
  recordStatements,
  type TestDatabase,
} from '@portal/testing/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/compiled-once.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await ensureAccessTypes(t.db);
});
afterAll(async () => t?.drop());

describe('compiledOnce', () => {
  const accessTypeByCode = compiledOnce((db, { code, name }: { code: string; name: string }) =>
    db
      .selectFrom('access_types')
      .select(['code', 'name', sql<string>`${'constant'}`.as('tag')])
      .where('code', '=', code)
      .where((eb) => eb.or([eb('name', '=', name), eb('name', 'is not', null)])),
  );

  it('runs the statement built once with each call’s values, as Kysely would build it', async () => {
    expect(await accessTypeByCode(t.db, { code: 'EXT', name: 'x' })).toEqual([
      { code: 'EXT', name: 'External', tag: 'constant' },
    ]);
    expect(await accessTypeByCode(t.db, { code: 'INT', name: 'y' })).toEqual([
      { code: 'INT', name: 'Internal', tag: 'constant' },
    ]);
    expect(await accessTypeByCode(t.db, { code: 'NONE', name: 'z' })).toEqual([]);
  });

  it('runs inside a transaction it is given', async () => {
    const rows = await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('access_types').values({ code: 'TNT', name: 'Tenant' }).execute();
      return accessTypeByCode(trx, { code: 'TNT', name: '' });
    });
    expect(rows).toEqual([{ code: 'TNT', name: 'Tenant', tag: 'constant' }]);
  });

  it('runs as one named (prepared) statement on Postgres, and through Kysely inside a transaction', async () => {
    const recorder = recordStatements(t.pool as NonNullable<typeof t.pool>);
    await accessTypeByCode(t.db, { code: 'EXT', name: 'x' });
    await accessTypeByCode(t.db, { code: 'INT', name: 'y' });
    await t.db.transaction().execute((trx) => accessTypeByCode(trx, { code: 'EXT', name: 'z' }));
    recorder.stop();
    const names = recorder.statements.map((statement) => statement.name);
    expect(names[0]).toMatch(/^once_[0-9a-f]{24}$/);
    expect(names[1]).toBe(names[0]);
    // In the transaction: begin, the statement unnamed on the transaction's connection, commit.
    expect(recorder.statements.slice(2).map((statement) => statement.name ?? statement.sql)).toEqual([
      'begin',
      recorder.statements[0]?.sql,
      'commit',
    ]);
  });

  it('refuses a statement that would freeze a value computed while building', async () => {
    const upperCased = compiledOnce((db, { code }: { code: string }) =>
      db.selectFrom('access_types').selectAll().where('code', '=', code.toUpperCase()),
    );
    await expect(upperCased(t.db, { code: 'ext' })).rejects.toThrow(/pass it ready/);
    const dated = compiledOnce((db, { code }: { code: string }) =>
      db
        .selectFrom('access_types')
        .selectAll()
        .where('code', '=', code)
        .where(sql<boolean>`${new Date()} < now()`),
    );
    await expect(dated(t.db, { code: 'EXT' })).rejects.toThrow(/frozen/);
  });
});
