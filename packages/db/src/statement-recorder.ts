import type pg from 'pg';

export type RecordedStatement = { sql: string; parameters: readonly unknown[] };

/**
 * Records every statement sent through a pool's clients (tests and benches: how many statements
 * one request costs, and which, so a bench can replay them through bare pg as its floor).
 * Clients are wrapped as they are checked out; `stop()` ends the recording.
 */
export function recordStatements(pool: pg.Pool) {
  const statements: RecordedStatement[] = [];
  let recording = true;
  const wrapped = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, parameters] = args;
      if (recording && typeof text === 'string') {
        statements.push({ sql: text, parameters: Array.isArray(parameters) ? parameters : [] });
      }
      return query(...args);
    };
  };
  pool.on('acquire', onAcquire);
  return {
    statements,
    reset: () => {
      statements.length = 0;
    },
    stop: () => {
      recording = false;
      pool.off('acquire', onAcquire);
    },
  };
}
