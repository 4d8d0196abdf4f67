import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

// The bench's data, written set-based by Postgres itself: partners x categories, one monitor per
// pair with a spread of schedules, and `perMonitor` reports per pair on the days before the check
// date. One monitor in ten lacks the check date's report; a few categories have no owners.
export async function seedBench(
  db: Kysely<Database>,
  {
    monitors,
    perMonitor,
    checkDate,
    categories = 40,
  }: { monitors: number; perMonitor: number; checkDate: string; categories?: number },
): Promise<{ monitors: number; reports: number }> {
  const partners = Math.ceil(monitors / categories);
  await sql`insert into access_types (code, name) values ('EXT', 'External'), ('INT', 'Internal')`.execute(
    db,
  );
  await sql`insert into frequency_types (code, name) values ('DLY', 'Day'), ('WLY', 'Week'), ('MLY', 'Month')`.execute(
    db,
  );
  await sql`
    insert into partners (access_type_code, code, name)
    select case when i % 5 = 0 then 'INT' else 'EXT' end, 'P' || i, 'Partner ' || i
    from generate_series(1, ${partners}) as i`.execute(db);
  await sql`
    insert into report_categories (code, name, owner_emails)
    select 'C' || i, 'Category ' || i,
      case when i % 13 = 0 then '{}'::text[] else array['owner' || i || '@bank.test', 'ops' || i || '@bank.test'] end
    from generate_series(1, ${categories}) as i`.execute(db);
  // Schedules: 60% daily, 25% weekly (Monday to Friday), 15% monthly (30 kinds).
  await sql`
    with pairs as (
      select row_number() over () as n, p.partner_id, c.code
      from partners p cross join report_categories c
      limit ${monitors}
    )
    insert into report_monitors (partner_id, category_code, frequency_type_code, frequency_day, frequency_number)
    select partner_id, code,
      case when n % 20 < 12 then 'DLY' when n % 20 < 17 then 'WLY' else 'MLY' end,
      case when n % 20 < 12 then null
           when n % 20 < 17 then (array['MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY'])[1 + n % 5]
           else (array['MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','BUSINESS_DAY'])[1 + n % 6] end,
      case when n % 20 < 17 then null else (array[1, 2, 3, 4, -1])[1 + (n / 6) % 5] end
    from pairs`.execute(db);
  await sql`
    insert into reports (partner_id, category_code, frequency_type_code, report_date, file_name, file_size,
      content_type, sha256, storage_key, last_modified)
    select m.partner_id, m.category_code, m.frequency_type_code, d.report_date,
      'report-' || d.report_date || '.csv', 1024, 'text/csv', repeat('a', 64),
      'Reports/' || m.report_monitor_id || '/' || d.report_date, d.report_date::timestamptz
    from report_monitors m
    cross join lateral (
      select (${checkDate}::date - day - case when day = 0 and abs(hashtext(m.report_monitor_id::text)) % 10 = 0 then ${perMonitor} else 0 end)
        as report_date
      from generate_series(0, ${perMonitor - 1}) as day
    ) d`.execute(db);
  await sql`analyze`.execute(db);
  return countBench(db);
}

export async function countBench(db: Kysely<Database>): Promise<{ monitors: number; reports: number }> {
  const count = async (table: 'report_monitors' | 'reports') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { monitors: await count('report_monitors'), reports: await count('reports') };
}
