import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle, migrateToLatest } from '@portal/db';
import { batchInstant, batchJobId } from '@portal/domain/forms/form-batch';
import { businessDayOnOrAfter, isBusinessDay, nextBusinessDay } from '@portal/domain/time/business-days';
import { enqueue, queueNames, workerConnection } from '@portal/queue';
import { monitorsCheckJobId } from '@portal/queue/jobs/monitors-check';
import { freePort } from '@portal/testing';
import { insertBenchDisputes, type PrivateCluster, startPrivateCluster } from '@portal/testing/db';
import { Queue, QueueEvents } from 'bullmq';
import { type ProxyCounts, requireHaproxy, startHaproxy } from './haproxy.js';
import { composeWorkers } from './layout.js';
import { call, Load, type PhaseStats } from './load.js';
import { type Launch, portalProcess, sourceLaunch, waitHealthy } from './processes.js';
import { chaosRedis } from './redis-server.js';
import { seedChaos } from './seed.js';
import { startSmtpSink } from './smtp-sink.js';

export type ChaosProfile = {
  name: 'full' | 'short';
  /** Redis outages, alternating SHUTDOWN and kill -9. */
  redisOutages: number;
  outageSeconds: number;
  /** Pause between faults, for the mix to run normally. */
  settleSeconds: number;
  /** How long Postgres stays down in its restart. */
  postgresDownSeconds: number;
  rates: { views: number; reads: number; contacts: number; invites: number };
  /** A report monitor check (one business day) every this many seconds. */
  monitorEverySeconds: number;
  /** A disputes batch (one business day, a few disputes in it) every this many seconds. */
  batchEverySeconds: number;
  /** How long the end waits for every event, mail and check to arrive. */
  drainSeconds: number;
};

export const profiles: Record<'full' | 'short', ChaosProfile> = {
  full: {
    name: 'full',
    redisOutages: 10,
    outageSeconds: 30,
    settleSeconds: 5,
    postgresDownSeconds: 3,
    rates: { views: 20, reads: 5, contacts: 0.5, invites: 0.5 },
    monitorEverySeconds: 5,
    batchEverySeconds: 5,
    drainSeconds: 120,
  },
  short: {
    name: 'short',
    redisOutages: 2,
    outageSeconds: 3,
    settleSeconds: 2,
    postgresDownSeconds: 1,
    rates: { views: 10, reads: 2, contacts: 0.5, invites: 0.5 },
    monitorEverySeconds: 3,
    batchEverySeconds: 3,
    drainSeconds: 90,
  },
};

export type FaultResult = {
  fault: string;
  stats: PhaseStats;
  /** ms from the fault ending (Redis/Postgres answering again, the process gone) to work flowing again. */
  recoverMs: number | null;
  /** Process stops: exit code and ms from the signal to the exit. */
  exit?: { code: number | null; afterMs: number };
  /** Jobs BullMQ found stalled (their worker died) during this phase, and by queue. */
  stalled: number;
  stalledByQueue: Record<string, number>;
  /** A worker stopped: the queues it consumes (only it does). */
  stoppedQueues?: string[];
  /** Jobs a stopped worker left active (they would become stalled). */
  leftActive?: number;
  /** Calls each API answered through the proxy during this phase. */
  answeredBy: Record<string, number>;
  /**
   * An API killed outright: calls in flight (through either API) at the signal, and calls sent
   * until the process was gone (its listener took connections until then).
   */
  inFlightAtKill?: number;
  notes: string[];
};

export type ChaosResult = {
  profile: ChaosProfile['name'];
  faults: FaultResult[];
  totals: PhaseStats;
  events: { expected: number; stored: number; duplicates: number };
  mails: { expected: number; sent: number; duplicates: number };
  issues: { answered: number; stored: number };
  monitorChecks: { expected: number; stored: number };
  /** Invitations answered 201 and their e-mails (each one Message-ID) received. */
  invitationMails: { expected: number; sent: number; duplicates: number };
  /**
   * Disputes batches written to the outbox, those completed with their file in the store, and
   * files beyond one per completed batch; the disputes given to them, against those filed.
   */
  batches: { expected: number; done: number; duplicates: number };
  batchRecords: { expected: number; taken: number };
  goals: { goal: string; met: boolean; detail: string }[];
  seconds: number;
  /** The processes' logs, kept when a goal was not met. */
  logsKeptIn?: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 25,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // One look may hang (a pooled connection cut by the Postgres restart and never answered):
    // it counts as "not yet" after 5 s, and the next look asks again.
    const value = await Promise.race([check().catch(() => undefined), sleep(5000).then(() => undefined)]);
    if (value !== undefined) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(everyMs);
  }
}

async function countEvents(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('dashboard_activity_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Checks of these days recorded (a worker's start-up catch-up adds days of its own: not counted). */
async function checksStored(handle: DatabaseHandle, days: readonly string[]): Promise<number> {
  if (days.length === 0) return 0;
  const rows = await handle.db
    .selectFrom('report_monitor_runs')
    .select('check_date')
    .distinct()
    .where('check_date', 'in', [...days])
    .execute();
  return rows.length;
}

/**
 * The first day of the suite's batches: far ahead, so no batch a worker catches up at start (the
 * last week's, which take every pending dispute up to their day) takes the suite's disputes.
 */
const FIRST_BATCH_DAY = '2090-01-02';

/** The Message-ID of an invitation's e-mail (its mail job id is invitation-mail-<id>). */
const invitationMailId = (invitationId: string) => `<invitation-mail-${invitationId}@portal>`;

/** Of the suite's batch days, those whose run is in the outbox: what the portal accepted to run. */
async function batchesAccepted(handle: DatabaseHandle, days: readonly string[]): Promise<string[]> {
  if (days.length === 0) return [];
  const rows = await handle.db
    .selectFrom('outbox')
    .select('job_id')
    .where('job_name', '=', 'batches.run')
    .where(
      'job_id',
      'in',
      days.map((day) => batchJobId('disputes', day)),
    )
    .execute();
  const ids = new Set(rows.map((row) => row.job_id));
  return days.filter((day) => ids.has(batchJobId('disputes', day)));
}

/** Of these days, the disputes batches completed and whose file is in the store. */
async function batchesDone(handle: DatabaseHandle, storeDir: string, days: readonly string[]) {
  if (days.length === 0) return [];
  const rows = await handle.db
    .selectFrom('dispute_batches')
    .select(['batch_date', 'storage_key'])
    .where('status', '=', 'completed')
    .where('batch_date', 'in', [...days])
    .execute();
  const withFile = await Promise.all(
    rows.map(async (row) =>
      row.storage_key && (await stat(join(storeDir, row.storage_key)).catch(() => undefined))?.isFile()
        ? row.batch_date
        : undefined,
    ),
  );
  return withFile.filter((day) => day !== undefined);
}

/** The Message-IDs the worker will use: one per mail.send outbox row. */
async function expectedMailIds(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('outbox')
    .select(['outbox_id', 'job_id'])
    .where('job_name', '=', 'mail.send')
    .execute();
  return rows.map((row) => `<${row.job_id ?? row.outbox_id}@portal>`);
}

/**
 * The fault suite: the portal as separate processes laid out as compose's profile "scale" (two APIs
 * behind Debian's haproxy on deploy/haproxy.cfg, the workers of compose.yaml, each with its queues)
 * on a private Postgres cluster and a private redis-server with AOF, a steady mix of calls through
 * the proxy, then faults one after the other, and a count of what was stored and sent against what
 * the portal accepted.
 */
export async function runChaos(
  profile: ChaosProfile,
  options: { log?: (line: string) => void; launch?: Launch; cwd?: string } = {},
): Promise<ChaosResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const launch = options.launch ?? sourceLaunch;
  const cwd = options.cwd ?? process.cwd();
  const began = Date.now();
  requireHaproxy();
  const workerGroups = await composeWorkers(join(cwd, 'compose.yaml'));
  const dir = await mkdtemp(join(tmpdir(), 'portal-chaos-'));
  log(`chaos (${profile.name}): working in ${dir}`);
  const cleanups: (() => Promise<unknown>)[] = [];
  let finished = false;
  try {
    const cluster: PrivateCluster = await startPrivateCluster(await freePort());
    cleanups.push(() => cluster.destroy());
    const handle = connect({ databaseUrl: cluster.url, maxConnections: 4 });
    cleanups.push(() => handle.close());
    await migrateToLatest(handle.db);
    const fixtures = await seedChaos(handle, 60);

    const redis = chaosRedis(await freePort(), dir);
    await redis.start();
    await redis.waitAnswering();
    cleanups.push(() => redis.kill());
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());

    const prefix = '{chaos}';
    const storeDir = join(dir, 'files');
    const common = {
      DATABASE_URL: cluster.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      STORAGE_DIR: storeDir,
    };
    const apiPorts = [await freePort(), await freePort()];
    const apis = apiPorts.map((port, i) =>
      portalProcess(
        `api-${'ab'[i]}`,
        launch.api,
        { ...common, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: join(dir, 'no-web') },
        join(dir, `api-${'ab'[i]}.log`),
        cwd,
      ),
    );
    const apiUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
    // A worker per group of queues, as compose runs them; the faults stop the one with the mail
    // queue (with it, in compose's layout, the monitor checks and invitations).
    const workers = workerGroups.map((group) =>
      portalProcess(
        group.name,
        launch.worker,
        { ...common, SMTP_URL: smtp.url, WORKER_QUEUES: group.queues.join(',') },
        join(dir, `${group.name}.log`),
        cwd,
      ),
    );
    const mailGroup = workerGroups.find((group) => group.queues.includes('mail'))!;
    const mailWorker = workers[workerGroups.indexOf(mailGroup)]!;
    cleanups.push(() => Promise.all([...apis, ...workers].map((p) => p.stop('SIGKILL'))));
    // All at once: the schema is in place, so no API migrates, and a start costs seconds of CPU each.
    for (const child of [...apis, ...workers]) child.start();
    await Promise.all(apiUrls.map((url) => waitHealthy(url)));
    const proxy = await startHaproxy({
      configFile: join(cwd, 'deploy', 'haproxy.cfg'),
      port: await freePort(),
      statsPort: await freePort(),
      apis: [`127.0.0.1:${apiPorts[0]}`, `127.0.0.1:${apiPorts[1]}`],
      logFile: join(dir, 'haproxy.log'),
    });
    cleanups.push(() => proxy.stop());

    // Stalled jobs, per phase: BullMQ announces each on the queue's event stream.
    let stalledInPhase: Record<string, number> = {};
    const queueEvents = queueNames.map((name) => {
      const events = new QueueEvents(name, { connection: workerConnection(redis.url), prefix });
      events.on('stalled', () => {
        stalledInPhase[name] = (stalledInPhase[name] ?? 0) + 1;
      });
      events.on('error', () => {});
      return events;
    });
    cleanups.push(() => Promise.all(queueEvents.map((events) => events.close())));

    const load = new Load({ url: proxy.url, ...fixtures, rates: profile.rates });
    load.start();
    // Report monitor checks, one business day each, written as the scheduler writes them.
    const checkDates: string[] = [];
    let day = Date.UTC(2020, 0, 1);
    const monitorTimer = setInterval(() => {
      do day += 86_400_000;
      while (!isBusinessDay(new Date(day).toISOString().slice(0, 10)));
      const checkDate = new Date(day).toISOString().slice(0, 10);
      checkDates.push(checkDate);
      void enqueue(handle.db, {
        name: 'monitors.check',
        payload: { checkDate, scheduledFor: `${checkDate}T15:00:00.000Z` },
        jobId: monitorsCheckJobId(checkDate),
      }).catch(() => checkDates.splice(checkDates.indexOf(checkDate), 1));
    }, profile.monitorEverySeconds * 1000);
    cleanups.push(async () => clearInterval(monitorTimer));
    // Disputes batches, one business day each: two disputes filed for the day, then its run in the
    // outbox in the same transaction, as the 8PM schedule writes it.
    const batchDays: string[] = [];
    let batchDay = businessDayOnOrAfter(FIRST_BATCH_DAY);
    const batchTimer = setInterval(() => {
      const day = batchDay;
      batchDay = nextBusinessDay(batchDay);
      batchDays.push(day);
      void handle.db
        .transaction()
        .execute(async (trx) => {
          await insertBenchDisputes(trx, 2, day);
          await enqueue(trx, {
            name: 'batches.run',
            payload: {
              kind: 'disputes',
              batchDate: day,
              scheduledFor: batchInstant('disputes', day).toISOString(),
            },
            jobId: batchJobId('disputes', day),
          });
        })
        // Not written (Postgres away): batchesAccepted leaves the day out.
        .catch(() => {});
    }, profile.batchEverySeconds * 1000);
    cleanups.push(async () => clearInterval(batchTimer));

    const flowing = await until(
      async () => ((await countEvents(handle)) > 0 ? true : undefined),
      60_000,
      100,
    );
    if (!flowing) throw new Error('No dashboard event was stored within 60 s of the start');
    log('chaos: portal up, the mix flowing');

    const faults: FaultResult[] = [];
    // A fault starts once the calls of the phase before have all been answered: a call sent in one
    // phase and cut by the next fault was counted against the wrong fault (a 503 of the Postgres
    // restart, sent during the settle after a Redis outage, failed "none 5xx during Redis outages").
    let countsAtPhase: ProxyCounts | undefined;
    const phase = async (fault: string) => {
      load.setPhase(fault);
      await load.settled();
      stalledInPhase = {};
      countsAtPhase = await proxy.counts().catch(() => undefined);
      const result: FaultResult = {
        fault,
        stats: load.phases.get(fault)!,
        recoverMs: null,
        stalled: 0,
        stalledByQueue: {},
        answeredBy: {},
        notes: [],
      };
      faults.push(result);
      log(`chaos: ${fault}`);
      return result;
    };
    /** Restarts a stopped worker; ms until every mail accepted before the fault was sent (null: never). */
    const restartUntilSent = async (
      worker: typeof mailWorker,
      expected: string[],
      timeoutMs: number,
    ): Promise<number | null> => {
      const down = Date.now();
      worker.start();
      const all = await until(
        async () => {
          const received = new Set(smtp.received);
          return expected.every((id) => received.has(id)) ? Date.now() : undefined;
        },
        timeoutMs,
        100,
      );
      return all === undefined ? null : all - down;
    };
    // The proxy's counts since the phase began: calls each API answered, and calls it sent to the
    // other API after a refused connection.
    const endPhase = async (result: FaultResult) => {
      result.stalledByQueue = stalledInPhase;
      result.stalled = Object.values(stalledInPhase).reduce((sum, n) => sum + n, 0);
      const counts = await proxy.counts().catch(() => undefined);
      if (!counts || !countsAtPhase) return;
      result.stats.failedOver = counts.redispatched - countsAtPhase.redispatched;
      for (const [api, now] of counts.apis)
        result.answeredBy[api] = now.answered - (countsAtPhase.apis.get(api)?.answered ?? 0);
    };
    /** ms from `since` until a dashboard event is stored beyond `baseline`. */
    const eventsFlowAgain = async (since: number) => {
      const baseline = await countEvents(handle);
      const seen = await until(
        async () => ((await countEvents(handle)) > baseline ? Date.now() : undefined),
        60_000,
      );
      return seen === undefined ? null : seen - since;
    };

    // The process faults come first: a job a Redis outage cut stays active until BullMQ's stalled
    // check (every 10 s, in two passes) finds it, seen up to 30 s after the outage, and it counted
    // against the worker fault that came next (whose goal is that a stopping worker leaves none).
    // 1. SIGTERM to an API under load: calls in flight finish, it exits within 10 s; its /readyz
    //    answers 503 while it drains, so the proxy sends the calls to the other API meanwhile.
    {
      const result = await phase('SIGTERM api-a under load');
      const exit = await apis[0]!.stop('SIGTERM');
      result.exit = { code: exit.code, afterMs: exit.afterMs };
      const down = Date.now();
      apis[0]!.start();
      await waitHealthy(apiUrls[0]!);
      result.recoverMs = Date.now() - down;
      result.notes.push('recover = restart until ready');
      await sleep(profile.settleSeconds * 1000);
      await endPhase(result);
    }

    // 2. kill -9 of an API under load, restarted at once: the proxy finds the port refused and sends
    //    those calls to the other API, marks it down, and sends it calls again once its /readyz
    //    answers. Only a call it held when it died can fail (502: a POST may have been applied, so
    //    the proxy does not send it twice; a GET is sent again).
    {
      const result = await phase('kill -9 api-b under load');
      // Killed while it holds a call, if one comes within 3 s (a call takes a few ms).
      const holding = await until(
        async () => ((await proxy.counts()).apis.get('api-b')?.current ? true : undefined),
        3000,
        0,
      );
      const before = await proxy.counts();
      const [inFlight, sent] = [load.inFlight, load.sent];
      const exit = await apis[1]!.stop('SIGKILL');
      result.inFlightAtKill = inFlight + load.sent - sent;
      result.exit = { code: exit.code, afterMs: exit.afterMs };
      const down = Date.now();
      apis[1]!.start();
      await waitHealthy(apiUrls[1]!);
      const back = await until(async () => {
        const counts = await proxy.counts();
        return (counts.apis.get('api-b')?.ok ?? 0) > (before.apis.get('api-b')?.ok ?? 0) &&
          counts.apis.get('api-b')?.status === 'UP'
          ? Date.now()
          : undefined;
      }, 60_000);
      result.recoverMs = back === undefined ? null : back - down;
      result.notes.push(
        `${result.inFlightAtKill} call(s) in flight as it died${holding ? ', api-b holding one a moment before' : ''}`,
      );
      result.notes.push('recover = restart until the proxy has api-b answer again');
      // No settle: api-b answering again is the end of this fault, and the next is a worker's.
      await endPhase(result);
    }

    // 3. SIGTERM to the mail worker in the middle of a mail: the mail is finished, then it exits.
    {
      const result = await phase(`SIGTERM ${mailWorker.name} mid mail`);
      await smtp.holdNext(1500);
      const before = new Set(smtp.received);
      const expectedBefore = await expectedMailIds(handle);
      result.stoppedQueues = [...mailGroup.queues];
      const exit = await mailWorker.stop('SIGTERM');
      result.exit = { code: exit.code, afterMs: exit.afterMs };
      const finished = smtp.received.filter((id) => !before.has(id)).length;
      result.notes.push(`${finished} mail(s) finished while stopping`);
      // Jobs still active in the queues only this worker consumes would be stalled jobs.
      for (const name of mailGroup.queues) {
        const queue = new Queue(name, { connection: workerConnection(redis.url), prefix });
        result.leftActive = (result.leftActive ?? 0) + (await queue.getActiveCount());
        await queue.close();
      }
      result.notes.push(`${result.leftActive} job(s) left active`);
      result.recoverMs = await restartUntilSent(mailWorker, expectedBefore, 120_000);
      result.notes.push('recover = restart until every earlier mail sent');
      await sleep(profile.settleSeconds * 1000);
      await endPhase(result);
    }

    // 4. kill -9 of the mail worker while it talks to the mail server.
    {
      const result = await phase(`kill -9 ${mailWorker.name} mid mail`);
      await smtp.holdNext(30_000);
      const exit = await mailWorker.stop('SIGKILL');
      result.exit = { code: exit.code, afterMs: exit.afterMs };
      const expectedBefore = await expectedMailIds(handle);
      result.recoverMs = await restartUntilSent(mailWorker, expectedBefore, 180_000);
      result.notes.push('recover = restart until the cut mail is sent (lock expiry + stalled check)');
      await sleep(profile.settleSeconds * 1000);
      await endPhase(result);
    }

    // 5. Redis outages, alternating a clean SHUTDOWN and kill -9.
    for (let i = 1; i <= profile.redisOutages; i += 1) {
      const mode = i % 2 === 1 ? 'SHUTDOWN' : 'kill -9';
      const result = await phase(`Redis ${mode} ${profile.outageSeconds}s (#${i})`);
      await (mode === 'SHUTDOWN' ? redis.shutdown() : redis.kill());
      await sleep(profile.outageSeconds * 1000);
      await redis.start();
      const answering = await redis.waitAnswering();
      result.recoverMs = await eventsFlowAgain(answering);
      await sleep(profile.settleSeconds * 1000);
      await endPhase(result);
    }

    // 6. A Postgres restart: down for a moment, then up; the API must answer 503, never 500.
    {
      const result = await phase(`Postgres restart (${profile.postgresDownSeconds}s down)`);
      await cluster.stop('fast');
      // A connection of its own (agent: false), as the mix's calls: never a pooled socket.
      const readyz = await call(apiUrls[0] ?? '', 'GET', '/readyz', {});
      const ready = ('status' in readyz ? JSON.parse(readyz.body) : { error: readyz.error }) as Record<
        string,
        unknown
      >;
      result.notes.push(`/readyz while down: database="${String(ready.database).slice(0, 40)}"`);
      if (ready.status !== 'UNAVAILABLE' || ready.database === 'OK') result.notes.push('READYZ-DID-NOT-SAY');
      await sleep(profile.postgresDownSeconds * 1000);
      await cluster.start();
      const up = Date.now();
      const answered = await until(
        async () =>
          (await Promise.all(apiUrls.map((url) => call(url, 'GET', '/readyz', {})))).every(
            (reply) => 'status' in reply && reply.status === 200,
          )
            ? Date.now()
            : undefined,
        60_000,
      );
      result.recoverMs = Math.max(
        answered === undefined ? Number.NaN : answered - up,
        (await eventsFlowAgain(up)) ?? Number.NaN,
      );
      await sleep(profile.settleSeconds * 1000);
      await endPhase(result);
    }

    // The end: stop the mix, let everything arrive.
    const drain = await phase('drain');
    const drainFrom = Date.now();
    await load.stop();
    clearInterval(monitorTimer);
    clearInterval(batchTimer);
    await sleep(Math.max(profile.monitorEverySeconds, profile.batchEverySeconds) * 1000);
    const acceptedBatchDays = await batchesAccepted(handle, batchDays);
    const drained = await until(
      async () => {
        const [mails, events, outbox, runs, batchesRun] = await Promise.all([
          expectedMailIds(handle),
          countEvents(handle),
          handle.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('published_at', 'is', null)
            .executeTakeFirstOrThrow(),
          checksStored(handle, checkDates),
          batchesDone(handle, storeDir, acceptedBatchDays),
        ]);
        const received = new Set(smtp.received);
        const done =
          Number(outbox.n) === 0 &&
          mails.every((id) => received.has(id)) &&
          [...load.invitationIds].every((id) => received.has(invitationMailId(id))) &&
          events >= load.eventIds.size &&
          runs === checkDates.length &&
          batchesRun.length === acceptedBatchDays.length;
        return done ? true : undefined;
      },
      profile.drainSeconds * 1000,
      250,
    );
    if (!drained) log('chaos: not everything arrived within the drain time');
    else drain.recoverMs = Date.now() - drainFrom;
    drain.notes.push('recover = until every event, mail, check and batch arrived');
    await endPhase(faults[faults.length - 1]!);

    // What was stored and sent against what was accepted.
    const storedIds = new Set(
      (await handle.db.selectFrom('dashboard_activity_events').select('event_id').execute()).map(
        (row) => row.event_id,
      ),
    );
    const views = await handle.db
      .selectFrom('dashboard_views_monthly')
      .select((eb) => eb.fn.sum<number>('views').as('n'))
      .executeTakeFirstOrThrow();
    const mailIds = await expectedMailIds(handle);
    const received = smtp.received.filter((id) => mailIds.includes(id));
    const issues = await handle.db
      .selectFrom('reported_issues')
      .select('issue_id')
      .where('issue_id', 'in', [...load.issueIds, -1])
      .execute();
    const runs = await checksStored(handle, checkDates);
    const invitationMailIds = new Set([...load.invitationIds].map(invitationMailId));
    const invitationMails = smtp.received.filter((id) => invitationMailIds.has(id));
    const batchesCompleted = await batchesDone(handle, storeDir, acceptedBatchDays);
    const allCompleted = await handle.db
      .selectFrom('dispute_batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const batchFiles = (
      await readdir(join(storeDir, 'batches', 'disputes')).catch(() => [] as string[])
    ).filter((name) => name.endsWith('.csv'));
    // A batch gives its disputes their batch_id in the transaction that completes it: a visible
    // batch_id is a completed batch's.
    const filed = await handle.db
      .selectFrom('disputes')
      .select((eb) => [eb.fn.countAll<number>().as('filed'), eb.fn.count<number>('batch_id').as('taken')])
      .where('batch_date', 'in', [...acceptedBatchDays, '1900-01-01'])
      .executeTakeFirstOrThrow();

    const totals = [...load.phases.values()].reduce(
      (sum, stats) => {
        sum.calls += stats.calls;
        sum.answered += stats.answered;
        sum.bad503 += stats.bad503;
        sum.failedOver += stats.failedOver;
        sum.unanswered += stats.unanswered;
        for (const [status, n] of Object.entries(stats.byStatus))
          sum.byStatus[status] = (sum.byStatus[status] ?? 0) + n;
        for (const [error, n] of Object.entries(stats.errors))
          sum.errors[error] = (sum.errors[error] ?? 0) + n;
        return sum;
      },
      {
        calls: 0,
        answered: 0,
        byStatus: {},
        bad503: 0,
        failedOver: 0,
        unanswered: 0,
        errors: {},
      } as PhaseStats,
    );

    const result: ChaosResult = {
      profile: profile.name,
      faults,
      totals,
      events: {
        expected: load.eventIds.size,
        stored: [...load.eventIds].filter((id) => storedIds.has(id)).length,
        duplicates: Math.max(0, Number(views.n ?? 0) - storedIds.size),
      },
      mails: {
        expected: mailIds.length,
        sent: new Set(received).size,
        duplicates: received.length - new Set(received).size,
      },
      issues: { answered: load.issueIds.size, stored: issues.length },
      monitorChecks: { expected: checkDates.length, stored: runs },
      invitationMails: {
        expected: load.invitationIds.size,
        sent: new Set(invitationMails).size,
        duplicates: invitationMails.length - new Set(invitationMails).size,
      },
      batches: {
        expected: acceptedBatchDays.length,
        done: batchesCompleted.length,
        // The file key names the day: a batch run twice would be a second completed row or a
        // file without one (a run that wrote its file and never committed).
        duplicates: Math.max(0, batchFiles.length - Number(allCompleted.n)),
      },
      batchRecords: { expected: Number(filed.filed), taken: Number(filed.taken) },
      goals: [],
      seconds: Math.round((Date.now() - began) / 1000),
    };
    result.goals = judge(result);
    // A run that missed a goal keeps the processes' logs (haproxy's has one line a call).
    finished = result.goals.every((goal) => goal.met);
    if (!finished) result.logsKeptIn = dir;
    return result;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    // The processes' logs stay for a run that failed.
    if (finished) await rm(dir, { recursive: true, force: true }).catch(() => {});
    else log(`chaos: logs kept in ${dir}`);
  }
}

function judge(result: ChaosResult): ChaosResult['goals'] {
  const redis = result.faults.filter((fault) => fault.fault.startsWith('Redis'));
  const postgres = result.faults.find((fault) => fault.fault.startsWith('Postgres'));
  const stops = result.faults.filter((fault) => fault.fault.startsWith('SIGTERM'));
  const workerStop = result.faults.find((fault) => fault.fault.startsWith('SIGTERM worker'));
  const apiKill = result.faults.find((fault) => fault.fault.startsWith('kill -9 api'));
  const killErrors = Object.entries(apiKill?.stats.byStatus ?? {}).filter(
    ([status]) => Number(status) >= 500,
  );
  const killFailed = killErrors.reduce((sum, [, n]) => sum + n, 0);
  const slowest = Math.max(...redis.map((fault) => fault.recoverMs ?? Number.POSITIVE_INFINITY));
  const { events, mails, issues, monitorChecks, invitationMails, batches, batchRecords, totals } = result;
  return [
    {
      goal: '0 lost',
      met:
        events.stored === events.expected &&
        mails.sent === mails.expected &&
        issues.stored === issues.answered &&
        monitorChecks.stored === monitorChecks.expected &&
        invitationMails.sent === invitationMails.expected &&
        batches.done === batches.expected &&
        batchRecords.taken === batchRecords.expected,
      detail: `events ${events.stored}/${events.expected}, e-mails ${mails.sent}/${mails.expected}, issues ${issues.stored}/${issues.answered}, monitor checks ${monitorChecks.stored}/${monitorChecks.expected}, invitation e-mails ${invitationMails.sent}/${invitationMails.expected}, batches ${batches.done}/${batches.expected} (disputes in them ${batchRecords.taken}/${batchRecords.expected})`,
    },
    {
      goal: '0 duplicate e-mails (and events, batch files)',
      met:
        mails.duplicates === 0 &&
        invitationMails.duplicates === 0 &&
        events.duplicates === 0 &&
        batches.duplicates === 0,
      detail: `e-mails ${mails.duplicates} (invitations ${invitationMails.duplicates}), events ${events.duplicates}, batch files ${batches.duplicates}`,
    },
    {
      goal: 'work flowing ≤ 2 s after Redis answers',
      met: redis.length > 0 && slowest <= 2000,
      detail: `slowest ${slowest} ms of ${redis.length} outages`,
    },
    {
      goal: 'every call answered during Redis outages, none 5xx',
      met: redis.every(
        (fault) =>
          fault.stats.unanswered === 0 && Object.keys(fault.stats.byStatus).every((s) => Number(s) < 500),
      ),
      detail: redis.map((fault) => `${fault.stats.answered}/${fault.stats.calls}`).join(' '),
    },
    {
      goal: 'Postgres away: 503 + Retry-After + JSON, never 500; /readyz says database',
      met:
        postgres !== undefined &&
        !postgres.stats.byStatus['500'] &&
        postgres.stats.bad503 === 0 &&
        !postgres.notes.includes('READYZ-DID-NOT-SAY'),
      detail: postgres
        ? `503: ${postgres.stats.byStatus['503'] ?? 0}, 500: ${postgres.stats.byStatus['500'] ?? 0}, recovered in ${postgres.recoverMs} ms`
        : 'not run',
    },
    {
      goal: 'SIGTERM: in flight finishes, exit 0 within 10 s, no stalled job of the stopped worker',
      met:
        stops.length === 2 &&
        stops.every(
          (fault) => fault.exit?.code === 0 && fault.exit.afterMs <= 10_000 && fault.stats.unanswered === 0,
        ) &&
        workerStop !== undefined &&
        (workerStop.stoppedQueues ?? []).every((queue) => !workerStop.stalledByQueue[queue]) &&
        workerStop.leftActive === 0,
      detail: stops
        .map(
          (fault) =>
            `${fault.fault}: exit ${fault.exit?.code} after ${fault.exit?.afterMs} ms, unanswered ${fault.stats.unanswered}, stalled ${fault.stalled}${
              fault.stalled
                ? ` (${Object.entries(fault.stalledByQueue)
                    .map(([queue, n]) => `${queue} ${n}`)
                    .join(', ')})`
                : ''
            }${fault.leftActive === undefined ? '' : `, left active ${fault.leftActive}`}`,
        )
        .join('; '),
    },
    {
      goal: 'kill -9 of an API: the proxy routes around it and back; 502 only for calls it held',
      met:
        apiKill !== undefined &&
        apiKill.stats.unanswered === 0 &&
        killErrors.every(([status]) => status === '502') &&
        killFailed <= (apiKill.inFlightAtKill ?? 0) &&
        apiKill.recoverMs !== null &&
        (apiKill.answeredBy['api-a'] ?? 0) > 0,
      detail: apiKill
        ? `5xx: ${killFailed} (${killErrors.map(([s, n]) => `${s}:${n}`).join(' ') || 'none'}) of ${apiKill.stats.calls} calls, ${apiKill.inFlightAtKill} in flight as it died; unanswered ${apiKill.stats.unanswered}; sent to the other API after a refused connection ${apiKill.stats.failedOver}; api-b answering again ${apiKill.recoverMs} ms after its restart`
        : 'not run',
    },
    {
      goal: 'no 500 anywhere',
      met: !totals.byStatus['500'],
      detail: `500s: ${totals.byStatus['500'] ?? 0} of ${totals.calls} calls`,
    },
  ];
}
