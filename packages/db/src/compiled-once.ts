import { createHash } from 'node:crypto';
import { type Compilable, CompiledQuery, type RawBuilder } from 'kysely';
import { postgresPoolOf } from './connection.js';
import type { Db } from './db.js';

const marker = (name: string) => `\u0000compiled-once:${name}\u0000`;

type Compiled = { sql: string; name: string; slots: Array<{ name: string } | { value: unknown }> };

/**
 * A statement of a hot path (every signed-in request reads its session with one) built and compiled
 * by Kysely ONCE, then run with each call's values: building the session statement cost more CPU
 * than Postgres spent running it. The builder is called with a marker in place of each named value;
 * every parameter of the compiled statement must be one of them, untouched, or a plain constant,
 * so that nothing computed while building (a date, an upper-cased value) is frozen into every run. Values that
 * expand into several parameters (arrays under `in`) cannot be used: write `= any(${array})`.
 *
 * On Postgres (outside a transaction) it runs as a named prepared statement: each connection
 * parses it once, and Postgres may keep one generic plan instead of planning every call. Planning
 * the session statement (a CTE and two aggregates) cost Postgres more than running it.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Db, values: Values) => Compilable<Row> | RawBuilder<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  let compiled: Compiled | undefined;

  const compile = (db: Db): Compiled => {
    const markers = new Proxy({} as Values, { get: (_, name) => marker(String(name)) });
    // A query builder compiles on its own; raw SQL (sql`...`) needs the database it is for.
    const query = (build(db, markers).compile as (db: Db) => CompiledQuery<Row>)(db);
    const slots = query.parameters.map((parameter) => {
      if (typeof parameter === 'string' && parameter.startsWith('\u0000compiled-once:')) {
        return { name: parameter.slice('\u0000compiled-once:'.length, -1) };
      }
      if (typeof parameter === 'string' && parameter.includes('\u0000')) {
        throw new Error(
          'compiledOnce: a value was changed while building; pass it ready (trimmed, upper-cased)',
        );
      }
      if (parameter !== null && typeof parameter === 'object') {
        throw new Error(
          `compiledOnce: a parameter computed at build time would be frozen: ${String(parameter)}`,
        );
      }
      return { value: parameter };
    });
    // Named after its text: the same statement has the same name on every connection and in
    // every process, and two statements can never share one.
    const name = `once_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
    return { sql: query.sql, name, slots };
  };

  return async (db, values) => {
    compiled ??= compile(db);
    const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
    const pool = postgresPoolOf(db);
    if (pool) {
      const result = await pool.query({ name: compiled.name, text: compiled.sql, values: parameters });
      return result.rows as Row[];
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
