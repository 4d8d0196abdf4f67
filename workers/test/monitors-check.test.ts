import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle } from '@portal/db';
import { checkInstant } from '@portal/domain/monitors/monitor-schedule';
import { easternInstant, easternWallClock } from '@portal/domain/time/eastern-time';
import { enqueue, type QueueName, workerConnection } from '@portal/queue';
import { MONITORS_SCHEDULE_CRON, MONITORS_SCHEDULER_ID } from '@portal/queue/jobs/monitors-schedule';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newMonitor,
  newPartner,
  newReport,
  type TestDatabase,
} from '@portal/testing/db';
import {
  quietLogger,
  REDIS_URL,
  randomPrefix,
  startSmtpServer,
  type TestSmtpServer,
  waitFor,
} from '@portal/testing/workers/helpers';
import { Queue } from 'bullmq';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../src/mail/send-mail.js';
import { type RunningWorkers, startWorkers } from '../src/start-workers.js';

// Two worker processes at 10:00 ET on Monday 2026-03-09, the first weekday of daylight time: a daily
// monitor whose report is there, a weekly-Monday monitor whose report is missing, and a monthly
// Second-Monday monitor whose category has no owners. Exactly one email goes out, once.
const DUE_DAY = '2026-03-09';
const NEXT_DAY = '2026-03-10';
const THIRD_DAY = '2026-03-11';
const prefix = randomPrefix();
const PUBLIC_URL = 'https://portal.example';

let t: TestDatabase;
let smtp: TestSmtpServer;
let mailDir: string;
let handles: DatabaseHandle[] = [];
let workers: RunningWorkers[] = [];
const queues = new Map<QueueName, Queue>();
const ids: Record<string, number> = {};

function queue(name: QueueName): Queue {
  let found = queues.get(name);
  if (!found) {
    found = new Queue(name, { connection: workerConnection(REDIS_URL), prefix });
    queues.set(name, found);
  }
  return found;
}

/** A worker process of its own: its own pool, relay, BullMQ workers and schedule, the clock fixed. */
async function startWorkerProcess(now: Date): Promise<void> {
  const handle = connect({ databaseUrl: t.url, maxConnections: 4 });
  handles.push(handle);
  workers.push(
    await startWorkers({
      handle,
      redisUrl: REDIS_URL,
      prefix,
      // The queues of the monitor checks and their mail: other jobs' mail would reach this SMTP server.
      queues: ['monitors', 'mail'],
      mailConfig: { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM, mailDir },
      logger: quietLogger,
      relay: { pollMs: 100 },
      publicUrl: PUBLIC_URL,
      now: () => now,
    }),
  );
}

async function stopWorkerProcesses(): Promise<void> {
  await Promise.all(workers.map((running) => running.stop()));
  await Promise.all(handles.map((handle) => handle.close()));
  workers = [];
  handles = [];
}

/** Nothing left to do: every outbox row published, no mail or check waiting or running. */
async function settled(): Promise<boolean> {
  const unpublished = await t.db
    .selectFrom('outbox')
    .select('outbox_id')
    .where('published_at', 'is', null)
    .execute();
  if (unpublished.length > 0) return false;
  const mail = await queue('mail').getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  const checks = await queue('monitors').getJobCounts('waiting', 'active', 'prioritized');
  return [...Object.values(mail), ...Object.values(checks)].every((count) => count === 0);
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address));

function runOf(checkDate: string) {
  return t.db
    .selectFrom('report_monitor_runs')
    .selectAll()
    .where('check_date', '=', checkDate)
    .executeTakeFirst();
}

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  await ensureReferenceData(t.db);
  const acme = await newPartner(t.db, { code: 'ACME', name: 'Acme Stores', accessTypeCode: 'EXT' });
  await newCategory(t.db, { code: 'SETTLE', name: 'Settlement', ownerEmails: ['settle@bank.test'] });
  await newCategory(t.db, {
    code: 'FEES',
    name: 'Fees',
    ownerEmails: ['ada@bank.test', 'grace@bank.test'],
  });
  await newCategory(t.db, { code: 'ORPHAN', name: 'Orphan', ownerEmails: [] });
  ids.daily = await newMonitor(t.db, {
    partnerId: acme,
    categoryCode: 'SETTLE',
    frequencyTypeCode: 'DLY',
  });
  ids.weekly = await newMonitor(t.db, {
    partnerId: acme,
    categoryCode: 'FEES',
    frequencyTypeCode: 'WLY',
    frequencyDay: 'MONDAY',
  });
  ids.monthly = await newMonitor(t.db, {
    partnerId: acme,
    categoryCode: 'ORPHAN',
    frequencyTypeCode: 'MLY',
    frequencyDay: 'MONDAY',
    frequencyNumber: 2,
  });
  await newReport(t.db, {
    partnerId: acme,
    categoryCode: 'SETTLE',
    frequencyTypeCode: 'DLY',
    reportDate: DUE_DAY,
  });
  // Last week's weekly report is no help for this Monday.
  await newReport(t.db, {
    partnerId: acme,
    categoryCode: 'FEES',
    frequencyTypeCode: 'WLY',
    reportDate: '2026-03-02',
  });
});

afterAll(async () => {
  await stopWorkerProcesses();
  for (const open of queues.values()) {
    await open.obliterate({ force: true });
    await open.close();
  }
  await smtp?.close();
  await t?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

it('sends exactly one email, to the owners of the missing report, however many workers run', async () => {
  const tenAm = checkInstant(DUE_DAY);
  expect(tenAm.toISOString()).toBe('2026-03-09T14:00:00.000Z');
  await Promise.all([startWorkerProcess(tenAm), startWorkerProcess(tenAm)]);

  await waitFor('the check recorded', async () => (await runOf(DUE_DAY))?.finished_at);
  await waitFor('the email', () => smtp.messages.length >= 1);
  await waitFor('the workers to settle', settled);

  // Each worker that found the day unchecked wrote its check to the outbox under the day's job
  // id, which makes one BullMQ job of them.
  const checkRows = await t.db
    .selectFrom('outbox')
    .select('job_id')
    .where('job_name', '=', 'monitors.check')
    .execute();
  expect(checkRows.length).toBeGreaterThanOrEqual(1);
  expect(new Set(checkRows.map((row) => row.job_id))).toEqual(new Set([`monitors-check-${DUE_DAY}`]));
  expect(await queue('monitors').getJobCounts('completed')).toEqual({ completed: 1 });

  expect(smtp.messages).toHaveLength(1);
  const [mail] = smtp.messages;
  expect(addresses(mail!.to).sort()).toEqual(['ada@bank.test', 'grace@bank.test']);
  expect(mail!.subject).toBe('Missing report: Acme Stores, Fees, Week, 03/09/2026');
  expect(mail!.text).toContain('Partner: Acme Stores (EXT ACME)');
  expect(mail!.text).toContain('Frequency: Week (every Monday)');
  expect(mail!.text).toContain('Expected report date: 03/09/2026');
  expect(mail!.text).toContain(`${PUBLIC_URL}/partners/EXT/ACME/report-categories/FEES/reports`);
  expect(mail!.text).not.toContain('late');

  const run = await runOf(DUE_DAY);
  expect(run).toMatchObject({ late: false, due_count: 3, missing_count: 2, emailed_count: 1 });
  expect(run!.scheduled_for).toEqual(tenAm);
  expect(run!.due_monitor_ids.sort()).toEqual([ids.daily, ids.weekly, ids.monthly].sort());
  const alerts = await t.db
    .selectFrom('report_monitor_alerts')
    .select(['report_monitor_id', 'recipients'])
    .orderBy('report_monitor_id')
    .execute();
  // The Orphan category has no owners: its alert records that nobody was told.
  expect(alerts).toEqual([
    { report_monitor_id: ids.weekly, recipients: ['ada@bank.test', 'grace@bank.test'] },
    { report_monitor_id: ids.monthly, recipients: [] },
  ]);
});

it('sends nothing more when the same day is checked again', async () => {
  const jobId = `monitors-check-${DUE_DAY}-again`;
  await enqueue(t.db, {
    name: 'monitors.check',
    payload: { checkDate: DUE_DAY, scheduledFor: checkInstant(DUE_DAY).toISOString() },
    jobId,
  });
  await waitFor(
    'the second check to finish',
    async () => (await queue('monitors').getJobState(jobId)) === 'completed',
  );
  await waitFor('the workers to settle', settled);

  expect(smtp.messages).toHaveLength(1);
  const mailRows = await t.db
    .selectFrom('outbox')
    .select('job_id')
    .where('job_name', '=', 'mail.send')
    .execute();
  expect(mailRows).toEqual([{ job_id: `monitor-alert-${ids.weekly}-${DUE_DAY}` }]);
});

it('runs a check missed while every worker was down when one comes back, and says it is late', async () => {
  await stopWorkerProcesses();
  // Back at 1:05 PM ET the next day; the daily report of that day never came.
  await startWorkerProcess(easternInstant(NEXT_DAY, 13, 5));

  await waitFor('the late check recorded', async () => (await runOf(NEXT_DAY))?.finished_at);
  await waitFor('the late email', () => smtp.messages.length >= 2);
  await waitFor('the workers to settle', settled);

  expect(smtp.messages).toHaveLength(2);
  const late = smtp.messages[1]!;
  expect(addresses(late.to)).toEqual(['settle@bank.test']);
  expect(late.subject).toBe('[Late check] Missing report: Acme Stores, Settlement, Day, 03/10/2026');
  expect(late.text).toContain(
    'This check ran late: it was due at 10:00 AM Eastern Time on 03/10/2026 and ran at 1:05 PM Eastern Time on 03/10/2026',
  );
  expect(await runOf(NEXT_DAY)).toMatchObject({
    late: true,
    due_count: 1,
    missing_count: 1,
    emailed_count: 1,
  });
});

it('keeps a 10:00 ET weekday job scheduler whose job enqueues the day check', async () => {
  const scheduler = await queue('monitors').getJobScheduler(MONITORS_SCHEDULER_ID);
  expect(scheduler).toMatchObject({ pattern: MONITORS_SCHEDULE_CRON, tz: 'America/New_York' });
  expect(easternWallClock(new Date(scheduler!.next!))).toMatchObject({ hour: 10, minute: 0, second: 0 });

  // What the scheduler's job does when it fires: at 09:59:30 by a worker clock a little behind,
  // the day's check is still enqueued (worker start alone would wait for 10:00).
  await stopWorkerProcesses();
  await startWorkerProcess(easternInstant(THIRD_DAY, 9, 59.5));
  await enqueue(t.db, { name: 'monitors.schedule', payload: {}, jobId: 'monitors-schedule-fired' });
  await waitFor('the scheduled check recorded', async () => (await runOf(THIRD_DAY))?.finished_at);
  await waitFor('the workers to settle', settled);
  expect(await runOf(THIRD_DAY)).toMatchObject({
    late: false,
    due_count: 1,
    missing_count: 1,
    emailed_count: 1,
  });
  expect(smtp.messages.map((mail) => mail.subject).at(-1)).toBe(
    'Missing report: Acme Stores, Settlement, Day, 03/11/2026',
  );
});
