import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { ENV_DEFAULTS } from '@portal/process/env';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DatabaseKind = 'postgres' | 'pglite';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Present for Postgres: lets the outbox relay LISTEN on a dedicated client. */
  pool?: pg.Pool;
  close(): Promise<void>;
};

export type ConnectOptions = {
  /** A postgres:// URL. Without one, PGlite runs embedded in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; 'memory://' keeps it in memory. Defaults to data/pg. */
  dataDir?: string;
  /** Pool size for Postgres. */
  maxConnections?: number;
};

const OID_INT8 = 20;
const OID_DATE = 1082;
const ADMIN_SHUTDOWN = '57P01';

// `date` stays 'YYYY-MM-DD' (never a local-time Date) and bigint counts become numbers:
// report sizes and ids stay far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_DATE) return (value: string) => value;
    if (oid === OID_INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

const pools = new WeakMap<object, pg.Pool>();

/**
 * The pg pool behind a Kysely instance that connect() opened on Postgres; undefined for PGlite and
 * for a transaction (its statements must run on the transaction's connection, through Kysely).
 */
export function postgresPoolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}

export function connect(options: ConnectOptions = {}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      // With Postgres away a request fails in seconds (a 503) instead of waiting for a connection.
      connectionTimeoutMillis: 5000,
      types: pgTypes as pg.CustomTypesConfig,
    });
    // An idle pooled connection that the server ends (a restart, a failover, a dropped test
    // database) must not crash the process: the pool drops it and opens a new one when needed.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== ADMIN_SHUTDOWN) console.warn(`database: idle connection lost: ${error.message}`);
    });
    // The pool listens only to idle connections: one checked out between two queries (inside a
    // transaction) when the server goes away would emit an unheard 'error' and end the process.
    // Heard here, the transaction's next query fails instead (the API answers 503).
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    // Kysely ends the pool only if it ever ran a query: a pool used directly (the outbox relay's
    // LISTEN, a bench) must still be ended.
    const close = async () => {
      await db.destroy();
      if (!pool.ending) await pool.end();
    };
    return { db, kind: 'postgres', pool, close };
  }
  const dataDir = options.dataDir ?? ENV_DEFAULTS.PGLITE_DIR;
  if (!dataDir.startsWith('memory://')) {
    refuseOlderDataDir(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite(dataDir, {
    parsers: {
      [OID_DATE]: (value: string) => value,
      [OID_INT8]: (value: string) => Number(value),
    },
    serializers: { [pgliteTypes.INT8]: (value: unknown) => String(value) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** The PostgreSQL major version of the embedded PGlite (0.5): the one its data folders are made by. */
export const EMBEDDED_POSTGRES_MAJOR = 18;

/** A data folder of another PostgreSQL major version than the embedded one, which it cannot open. */
export class OlderDataDirError extends Error {
  constructor(
    readonly dataDir: string,
    readonly foundMajor: string,
  ) {
    super(
      `The embedded database in ${dataDir} was made by PostgreSQL ${foundMajor} (an older PGlite); ` +
        `this portal embeds PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}, which cannot open it. Either:\n` +
        `  - start afresh with the demo data: move the folder away (mv ${dataDir} ${dataDir}-pg${foundMajor}) and run npm start again; or\n` +
        `  - keep its data: run the portal on a PostgreSQL server (DATABASE_URL), with the folder's data dumped by the PGlite ` +
        `that made it and restored there (docs/operating/settings.md, "An embedded database from an older version").`,
    );
    this.name = 'OlderDataDirError';
  }
}

/** Refuses, with a way on, a folder made by another PostgreSQL major (PG_VERSION names it). */
export function refuseOlderDataDir(dataDir: string): void {
  const versionFile = join(dataDir, 'PG_VERSION');
  if (!existsSync(versionFile)) return;
  const found = readFileSync(versionFile, 'utf8').trim();
  if (found !== String(EMBEDDED_POSTGRES_MAJOR)) throw new OlderDataDirError(dataDir, found);
}
