import type pg from 'pg';

/** `name`: a named (prepared) statement, replayed under the same name. */
export type RecordedStatement = { sql: string; parameters: readonly unknown[]; name?: string };

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
      } else if (recording && isQueryConfig(text)) {
        statements.push({
          sql: text.text,
          parameters: text.values ?? [],
          ...(text.name && { name: text.name }),
        });
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

function isQueryConfig(value: unknown): value is { text: string; values?: unknown[]; name?: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string'
  );
}
