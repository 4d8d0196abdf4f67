import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

// The reports bench's data, written set-based by Postgres: 40 partners x 10 categories, one
// category (EXT/P1, C1) holding `inCategory` reports (25 files a day), the rest of `total` spread
// over the other pairs.
export const BENCH_PARTNER = 'P1';
export const BENCH_CATEGORY = 'C1';

export async function seedReportsBench(
  db: Kysely<Database>,
  { total, inCategory }: { total: number; inCategory: number },
): Promise<void> {
  await sql`insert into access_types (code, name) values ('EXT', 'External'), ('INT', 'Internal')`.execute(
    db,
  );
  await sql`insert into frequency_types (code, name) values ('DLY', 'Day'), ('WLY', 'Week'), ('MLY', 'Month')`.execute(
    db,
  );
  await sql`insert into partners (access_type_code, code, name)
    select 'EXT', 'P' || i, 'Partner ' || i from generate_series(1, 40) as i`.execute(db);
  await sql`insert into report_categories (code, name)
    select 'C' || i, 'Category ' || i from generate_series(1, 10) as i`.execute(db);
  await sql`insert into partner_categories (partner_id, category_code)
    select p.partner_id, c.code from partners p cross join report_categories c`.execute(db);
  await sql`insert into partner_category_frequency_types (partner_id, category_code, frequency_type_code)
    select partner_id, category_code, 'DLY' from partner_categories`.execute(db);
  const perOther = Math.ceil((total - inCategory) / 399);
  // One bulk load, its indexes after: the secondary indexes are dropped (their definitions kept
  // as the migrations wrote them) and rebuilt once over all the rows; the triggers are off for the
  // load: report_dates's (filled after in one grouped insert, as its migration fills it) and, where
  // the role may (a superuser), the foreign keys' checks, one a row and key (every row is drawn
  // from the parent tables).
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = 'reports'
      and not exists (select from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)
    order by i.indexname`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  const load = sql`
    with targets as (
      select pc.partner_id, pc.category_code,
        case when p.code = ${BENCH_PARTNER} and pc.category_code = ${BENCH_CATEGORY} then ${inCategory}::int
             else ${perOther}::int end as n,
        case when p.code = ${BENCH_PARTNER} and pc.category_code = ${BENCH_CATEGORY} then 25 else 5 end as per_day
      from partner_categories pc join partners p using (partner_id)
    )
    insert into reports (partner_id, category_code, frequency_type_code, report_date, file_name, file_size,
      content_type, sha256, storage_key, last_modified)
    select t.partner_id, t.category_code, 'DLY', d.report_date,
      'REPORT_' || to_char(d.report_date, 'YYYYMMDD') || '_' || (i % t.per_day) || '.csv',
      1000 + i, 'text/csv', repeat('a', 64),
      'Reports/EXT/P/' || t.category_code || '/' || d.report_date || '/' || i, d.report_date::timestamptz
    from targets t
    cross join lateral generate_series(0, t.n - 1) as i
    cross join lateral (select date '2026-11-20' - (i / t.per_day) as report_date) d`;
  await db.connection().execute(async (connection) => {
    const replica = await sql`set session_replication_role = replica`.execute(connection).then(
      () => true,
      () => false,
    );
    if (!replica) await sql`alter table reports disable trigger reports_track_dates`.execute(connection);
    await load.execute(connection);
    if (replica) await sql`reset session_replication_role`.execute(connection);
    else await sql`alter table reports enable trigger reports_track_dates`.execute(connection);
  });
  await sql`
    insert into report_dates (partner_id, category_code, report_date, live_reports)
      select partner_id, category_code, report_date, count(*) from reports
      where deleted_at is null and superseded_at is null
      group by partner_id, category_code, report_date`.execute(db);
  await db.connection().execute(async (connection) => {
    await sql`set maintenance_work_mem = '512MB'`.execute(connection);
    for (const index of indexes) await sql.raw(index.definition).execute(connection);
    await sql`reset maintenance_work_mem`.execute(connection);
  });
  // The steady state autovacuum keeps: visibility map set, so index-only scans stay index-only.
  await sql`vacuum analyze reports`.execute(db);
  await sql`vacuum analyze report_dates`.execute(db);
}

export async function countReports(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
