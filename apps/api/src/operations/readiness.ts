import { type Db, pingDatabase } from '@portal/db';
import { outboxBacklog } from '@portal/queue';

// GET /readyz: ready when Postgres and Redis both answer; says which part is down, and how far
// the outbox relay is behind (rows waiting and the age of the oldest, in seconds).

const CHECK_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const outcome = (work: Promise<unknown>) =>
  within(work, CHECK_TIMEOUT_MS).then(
    () => 'OK',
    (error: Error) => error.message || 'unavailable',
  );

export async function checkReadiness(deps: { db: Db; queuePing: () => Promise<unknown> }) {
  const [database, queue, outbox] = await Promise.all([
    outcome(pingDatabase(deps.db)),
    outcome(deps.queuePing()),
    within(outboxBacklog(deps.db), CHECK_TIMEOUT_MS).catch(() => null),
  ]);
  const ready = database === 'OK' && queue === 'OK';
  return {
    ready,
    status: ready ? 'OK' : 'UNAVAILABLE',
    database,
    queue,
    outbox: outbox && {
      waiting: outbox.waiting,
      oldestAgeSeconds: Math.round(outbox.oldestAgeSeconds * 10) / 10,
    },
  };
}
