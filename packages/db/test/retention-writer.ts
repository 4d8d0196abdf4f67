import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

/**
 * A writer that keeps writing on a connection of its own with a short lock_timeout while the
 * retention job runs beside it: a wait on a lock the job holds longer than that fails its write.
 */
export type ConcurrentWriter = { writes: number; errors: unknown[]; stop(): Promise<void> };

export async function startWriter(
  db: Kysely<Database>,
  write: (db: Kysely<Database>, round: number) => Promise<unknown>,
): Promise<ConcurrentWriter> {
  const state = { writes: 0, errors: [] as unknown[], stopped: false };
  let firstWrite!: () => void;
  const started = new Promise<void>((resolve) => {
    firstWrite = resolve;
  });
  const running = db.connection().execute(async (connection) => {
    await sql`set lock_timeout = '50ms'`.execute(connection);
    for (let round = 0; !state.stopped; round++) {
      try {
        await write(connection, round);
        state.writes++;
      } catch (error) {
        state.errors.push(error);
      }
      firstWrite();
    }
  });
  await started;
  return {
    get writes() {
      return state.writes;
    },
    get errors() {
      return state.errors;
    },
    async stop() {
      state.stopped = true;
      await running;
    },
  };
}
