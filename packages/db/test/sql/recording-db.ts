import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Database } from '../../src/schema.js';

/**
 * A Kysely on Postgres's compiler with no database behind it: every statement a repository
 * function sends is compiled and recorded, and answers with no rows (so a function takes the path
 * of "nothing found"; an input can give the rows it needs to follow another).
 */
export function recordingDb(answer: (sql: string) => readonly object[] = () => []) {
  const statements: string[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      statements.push(query.sql);
      const rows = answer(query.sql) as R[];
      return { rows, numAffectedRows: BigInt(rows.length) };
    },
    // biome-ignore lint/correctness/useYield: nothing is ever streamed from a recording
    async *streamQuery() {
      throw new Error('recordingDb: streaming is not recorded');
    },
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction(conn) {
      await conn.executeQuery(CompiledQuery.raw('begin'));
    },
    async commitTransaction(conn) {
      await conn.executeQuery(CompiledQuery.raw('commit'));
    },
    async rollbackTransaction(conn) {
      await conn.executeQuery(CompiledQuery.raw('rollback'));
    },
    async releaseConnection() {},
    async destroy() {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, statements };
}
