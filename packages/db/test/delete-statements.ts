import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

/**
 * Logs how many rows each DELETE statement on `table` removes (a statement-level trigger counting
 * its transition table), so a test sees each batch and not only their total. A statement that
 * deletes nothing is logged too, with 0.
 */
export async function logDeleteStatements(db: Kysely<Database>, table: keyof Database) {
  await sql`create table if not exists test_delete_statements (
    statement_id serial primary key, table_name text not null, row_count int not null)`.execute(db);
  await sql`create or replace function test_log_delete_statement() returns trigger language plpgsql as $$
    begin
      insert into test_delete_statements (table_name, row_count) select tg_table_name, count(*) from gone;
      return null;
    end $$`.execute(db);
  await sql`create trigger test_log_delete_statement after delete on ${sql.table(table)}
    referencing old table as gone for each statement execute function test_log_delete_statement()`.execute(
    db,
  );
  await sql`delete from test_delete_statements`.execute(db);
  return {
    /** The rows each statement deleted, in the order they ran. */
    rowCounts: async () =>
      (
        await sql<{ row_count: number }>`select row_count from test_delete_statements
          where table_name = ${table} order by statement_id`.execute(db)
      ).rows.map((row) => row.row_count),
    stop: async () => {
      await sql`drop trigger test_log_delete_statement on ${sql.table(table)}`.execute(db);
    },
  };
}
