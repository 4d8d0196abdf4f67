import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_ENGINES, type OpenedDatabase, TEST_ADMIN_URL } from '@portal/testing/db';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, EMBEDDED_POSTGRES_MAJOR, OlderDataDirError } from '../src/connection.js';
import { migrateToLatest } from '../src/migrate.js';
import { migrations } from '../src/migrations/index.js';

// The same migrations and the same queries must run on Postgres and on embedded PGlite.
const engines = DATABASE_ENGINES;

describe.each(engines)('migrations and queries on %s', (kind, open) => {
  let handle: OpenedDatabase;
  afterAll(async () => {
    if (handle?.drop) await handle.drop();
    else await handle?.close();
  });

  it('migrates to the latest version and enforces the spec rules', async () => {
    handle = await open();
    expect(handle.kind).toBe(kind);
    const applied = await handle.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied).toHaveLength(Object.keys(migrations).length);

    const { db } = handle;
    await db.insertInto('access_types').values({ code: 'EXT', name: 'External' }).execute();
    await db
      .insertInto('partners')
      .values({ access_type_code: 'EXT', code: 'BJS', name: "BJ's", updated_at: new Date() })
      .execute();
    // Partner type+code is unique case-insensitively.
    await expect(
      db
        .insertInto('partners')
        .values({ access_type_code: 'EXT', code: 'bjs', name: 'Other', updated_at: new Date() })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    // A 16-digit account number is a database rule too.
    await expect(
      db
        .insertInto('customer_invoice_requests')
        .values({
          account_number: '123',
          start_date: '2026-01-01',
          end_date: '2026-01-31',
          batch_date: '2026-02-02',
          created_by: 'x',
          updated_at: new Date(),
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });

    const partners = await db
      .selectFrom('partners')
      .select(['code', 'access_type_code'])
      .where('code', 'ilike', 'bjs')
      .execute();
    expect(partners).toEqual([{ code: 'BJS', access_type_code: 'EXT' }]);
  });

  it('returns SQL dates as YYYY-MM-DD strings', async () => {
    const row = await handle.db
      .selectNoFrom((eb) => eb.cast<string>(eb.val('2026-03-08'), 'date').as('d'))
      .executeTakeFirstOrThrow();
    expect(row.d).toBe('2026-03-08');
  });
});

describe('closing a Postgres handle', () => {
  it('ends its pool even when only the pool was used (Kysely never ran a query)', async () => {
    const handle = connect({ databaseUrl: TEST_ADMIN_URL, maxConnections: 2 });
    const pool = handle.pool as NonNullable<typeof handle.pool>;
    const client = await pool.connect();
    await client.query('select 1');
    client.release();
    expect(pool.totalCount).toBe(1);
    await handle.close();
    expect(pool.ended).toBe(true);
    expect(pool.totalCount).toBe(0);
  });

  it('ends its pool once when Kysely ran queries too', async () => {
    const handle = connect({ databaseUrl: TEST_ADMIN_URL, maxConnections: 2 });
    await sql`select 1`.execute(handle.db);
    await handle.close();
    expect(handle.pool?.ended).toBe(true);
  });
});

describe('an embedded data folder', () => {
  it('is made by the PostgreSQL major the portal expects, and reopens', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-pglite-'));
    try {
      const first = connect({ dataDir });
      await migrateToLatest(first.db);
      await first.close();
      expect((await readFile(join(dataDir, 'PG_VERSION'), 'utf8')).trim()).toBe(
        String(EMBEDDED_POSTGRES_MAJOR),
      );
      const again = connect({ dataDir });
      const { rows } = await sql<{
        major: string;
      }>`select current_setting('server_version_num') as major`.execute(again.db);
      expect(Math.floor(Number(rows[0]?.major) / 10_000)).toBe(EMBEDDED_POSTGRES_MAJOR);
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('of an older PGlite is refused with the way on, before PGlite touches it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-pglite-old-'));
    try {
      await writeFile(join(dataDir, 'PG_VERSION'), '17\n');
      expect(() => connect({ dataDir })).toThrow(OlderDataDirError);
      expect(() => connect({ dataDir })).toThrow(/made by PostgreSQL 17 .*mv .*-pg17.* npm start/s);
      expect(await readdir(dataDir)).toEqual(['PG_VERSION']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
