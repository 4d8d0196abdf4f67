import { deleteExpiredSessions } from '@portal/db';
import { easternWallClock } from '@portal/domain/time/eastern-time';
import { SESSIONS_PURGE_CRON, SESSIONS_PURGE_SCHEDULER_ID } from '@portal/queue/jobs/sessions-purge';
import { newUser } from '@portal/testing/db';
import { waitFor } from '@portal/testing/workers/helpers';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Housekeeping, startHousekeeping } from './housekeeping-harness.js';

// One worker process with a 30-minute idle timeout; sessions and pending logins on either side of
// each limit. The purge job (the one the 03:00 ET scheduler fires) removes exactly the dead ones.
const IDLE_MINUTES = 30;

let housekeeping: Housekeeping;
let t: Housekeeping['t'];
let monitors: Queue;

/** A session whose last request was `idleMinutes` ago and whose absolute end is `endsInMinutes` away. */
async function insertSession(hash: string, idleMinutes: number, endsInMinutes: number) {
  await t.db
    .insertInto('sessions')
    .values({
      session_hash: hash,
      user_id: 'purge.user',
      provider: 'sso',
      id_token: null,
      last_seen_at: sql<Date>`now() - make_interval(mins => ${idleMinutes})`,
      expires_at: sql<Date>`now() + make_interval(mins => ${endsInMinutes})`,
    })
    .execute();
}

async function insertPendingLogin(state: string, expiresInSeconds: number) {
  await t.db
    .insertInto('pending_logins')
    .values({
      state,
      provider: 'sso',
      code_verifier: 'verifier',
      nonce: 'nonce',
      return_to: null,
      expires_at: sql<Date>`now() + make_interval(secs => ${expiresInSeconds})`,
    })
    .execute();
}

async function remaining() {
  const sessions = await t.db.selectFrom('sessions').select('session_hash').orderBy('session_hash').execute();
  const logins = await t.db.selectFrom('pending_logins').select('state').orderBy('state').execute();
  return {
    sessions: sessions.map((row) => row.session_hash),
    pendingLogins: logins.map((row) => row.state),
  };
}

const runPurge = (jobId: string) => housekeeping.run('sessions.purge', jobId);

beforeAll(async () => {
  housekeeping = await startHousekeeping({ sessionIdleMinutes: IDLE_MINUTES });
  ({ t, monitors } = housekeeping);
  await newUser(t.db, { userId: 'purge.user' });
});

afterAll(async () => housekeeping?.stop());

it('keeps a job scheduler firing sessions.purge at 03:00 New York time', async () => {
  const scheduler = await waitFor('the session purge scheduler', () =>
    monitors.getJobScheduler(SESSIONS_PURGE_SCHEDULER_ID),
  );
  expect(scheduler).toMatchObject({
    name: 'sessions.purge',
    pattern: SESSIONS_PURGE_CRON,
    tz: 'America/New_York',
  });
  expect(easternWallClock(new Date(scheduler.next!))).toMatchObject({ hour: 3, minute: 0, second: 0 });
});

it('deletes expired and idle sessions and stale pending logins, keeps live ones, and is harmless twice', async () => {
  await insertSession('live', 5, 600);
  await insertSession('live-near-idle-limit', IDLE_MINUTES - 2, 600);
  await insertSession('idle', IDLE_MINUTES + 1, 600);
  await insertSession('ended', 0, -1);
  await insertSession('idle-and-ended', 120, -60);
  await insertPendingLogin('login-live', 600);
  await insertPendingLogin('login-stale', -1);
  await insertPendingLogin('login-old', -86_400);

  await runPurge('sessions-purge-first');
  const after = await remaining();
  expect(after).toEqual({ sessions: ['live', 'live-near-idle-limit'], pendingLogins: ['login-live'] });

  await runPurge('sessions-purge-second');
  expect(await remaining()).toEqual(after);
});

it('deletes in bounded batches until a statement deletes fewer', async () => {
  for (let index = 0; index < 7; index++) await insertSession(`ended-${index}`, 0, -1);
  await insertSession('batch-live', 0, 600);
  expect(await deleteExpiredSessions(t.db, IDLE_MINUTES, 3)).toBe(7);
  expect(await deleteExpiredSessions(t.db, IDLE_MINUTES, 3)).toBe(0);
  expect((await remaining()).sessions).toContain('batch-live');
  expect((await remaining()).sessions.filter((hash) => hash.startsWith('ended'))).toEqual([]);
});
