// The report monitor check of one day, by hand:
//   npx tsx scripts/monitors-check.ts --date YYYY-MM-DD --dry-run   prints what it would send
//   npx tsx scripts/monitors-check.ts --date YYYY-MM-DD             enqueues that day's check
// Reads DATABASE_URL (embedded PGlite in data/pg without it) and PUBLIC_URL like the workers.
// A day already checked sends nothing more, by hand or not.
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { connect, type Database, findMonitorRun, type MonitorCheckPlan, planMonitorCheck } from '@portal/db';
import { monitorAlertEmail } from '@portal/domain/monitors/monitor-alert';
import { checkInstant, isLateCheck } from '@portal/domain/monitors/monitor-schedule';
import { isBusinessDay } from '@portal/domain/time/business-days';
import { formatUsDate, isIsoDate } from '@portal/domain/time/iso-date';
import { readEnv, SharedEnvSchema } from '@portal/process/env';
import { enqueue } from '@portal/queue';
import type { Kysely } from 'kysely';

const usage = 'usage: npx tsx scripts/monitors-check.ts --date YYYY-MM-DD [--dry-run]';

/** What the check of the plan's day would send, as the lines an operator reads. */
export function describePlan(plan: MonitorCheckPlan, options: { publicUrl: string; now: Date }): string[] {
  const scheduledFor = checkInstant(plan.checkDate);
  const late = isLateCheck(scheduledFor, options.now) ? { scheduledFor, ranAt: options.now } : undefined;
  const lines = [
    `Check of ${formatUsDate(plan.checkDate)}: due at ${scheduledFor.toISOString()} (10:00 AM Eastern Time), ` +
      `expecting reports dated ${formatUsDate(plan.expectedReportDate)}`,
    `${plan.due.length} monitor(s) due, ${plan.due.length - plan.missing.length} report(s) present, ` +
      `${plan.missing.length} missing`,
  ];
  for (const monitor of plan.missing) {
    const name = `monitor ${monitor.reportMonitorId} (${monitor.accessTypeCode}/${monitor.partnerCode}, ${monitor.categoryCode}, ${monitor.frequencyTypeCode})`;
    if (monitor.alertedAt) {
      lines.push('', `Already alerted at ${monitor.alertedAt.toISOString()}: ${name}`);
    } else if (monitor.ownerEmails.length === 0) {
      lines.push('', `Nobody to tell (the category has no owners): ${name}`);
    } else {
      const email = monitorAlertEmail({
        monitor,
        dueDate: plan.checkDate,
        expectedReportDate: plan.expectedReportDate,
        publicUrl: options.publicUrl,
        ...(late ? { late } : {}),
      });
      lines.push(
        '',
        `Would email, for ${name}:`,
        `To: ${monitor.ownerEmails.join(', ')}`,
        `Subject: ${email.subject}`,
      );
      lines.push(
        ...email.text
          .trimEnd()
          .split('\n')
          .map((line) => `  ${line}`),
      );
    }
  }
  return lines;
}

export async function monitorsCheck(
  db: Kysely<Database>,
  args: { date: string; dryRun: boolean; publicUrl: string; now: Date },
): Promise<string[]> {
  if (!isBusinessDay(args.date))
    return [`${formatUsDate(args.date)} is not a business day: no monitor is due.`];
  const recorded = await findMonitorRun(db, args.date);
  const already = recorded
    ? [
        `${formatUsDate(args.date)} was already checked at ${recorded.startedAt.toISOString()}: a run sends nothing more.`,
      ]
    : [];
  if (args.dryRun) {
    const plan = await planMonitorCheck(db, args.date);
    return [...already, ...describePlan(plan, args), '', 'Dry run: nothing was sent or recorded.'];
  }
  if (recorded) return already;
  // A job id of its own: the scheduled job of that day may have run already; the day's claim in
  // report_monitor_runs is what keeps a second check from mailing again.
  const jobId = `monitors-check-${args.date}-by-hand-${randomBytes(3).toString('hex')}`;
  await enqueue(db, {
    name: 'monitors.check',
    payload: { checkDate: args.date, scheduledFor: checkInstant(args.date).toISOString() },
    jobId,
  });
  return [
    `Enqueued the check of ${formatUsDate(args.date)} as job ${jobId}; a worker of the monitors queue runs it.`,
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { date: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (!values.date || !isIsoDate(values.date)) {
    console.error(usage);
    return 2;
  }
  const env = readEnv(SharedEnvSchema, process.env);
  const handle = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.PGLITE_DIR });
  try {
    const lines = await monitorsCheck(handle.db, {
      date: values.date,
      dryRun: values['dry-run'],
      publicUrl: env.PUBLIC_URL,
      now: new Date(),
    });
    for (const line of lines) console.log(line);
    return 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof TypeError ? `${error.message}\n${usage}` : error);
      process.exit(1);
    },
  );
}
