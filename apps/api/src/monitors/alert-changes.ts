import {
  type Database,
  deleteReportMonitorsOfCategories,
  findAdminReportMonitor,
  isForeignKeyViolation,
  listPartnerReportMonitors,
} from '@portal/db';
import { type MonitorSchedule, toScheduleFields } from '@portal/domain';
import { reportAlertSchedule } from '@portal/domain/monitors/admin-report-alert';
import {
  type AlertChangeRef,
  type AlertChanges,
  alertChangeFailure,
} from '@portal/domain/monitors/alert-queue';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { HttpError } from '../lib/http/errors.js';
import {
  auditRemovedMonitors,
  changeMonitor,
  createMonitor,
  removeMonitor,
} from './report-monitor-writes.js';

// The report alert changes of a partner save (SPEC.md §4), applied inside the save's transaction
// in the spec's order: creates, then updates, then deletes, then the alerts of removed
// categories. The first change that fails throws an error naming it, which rolls everything back.

type Context = {
  trx: Transaction<Database>;
  actorUserId: string;
  partnerId: number;
  log: FastifyBaseLogger;
};

const NOT_ON_PARTNER = (id: number) => `Report alert ${id} was not found for this partner.`;

async function attempt(ref: AlertChangeRef, log: FastifyBaseLogger, work: () => Promise<string | null>) {
  let problem: string | null;
  try {
    problem = await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isForeignKeyViolation(error)) {
      const reason = 'Its partner or report category no longer exists. Reload the page and try again.';
      throw new HttpError(409, alertChangeFailure(ref, reason), { failedChange: ref });
    }
    log.error({ err: error, change: ref }, 'report alert change failed');
    throw new HttpError(500, alertChangeFailure(ref, 'An unexpected error occurred.'), { failedChange: ref });
  }
  if (problem) throw new HttpError(409, alertChangeFailure(ref, problem), { failedChange: ref });
}

const schedule = (alert: Parameters<typeof reportAlertSchedule>[0]): MonitorSchedule =>
  reportAlertSchedule(alert)!;

/** The alert, if it is one of this partner's. */
async function onPartner(ctx: Context, reportMonitorId: number) {
  const monitor = await findAdminReportMonitor(ctx.trx, reportMonitorId);
  return monitor && monitor.partnerId === ctx.partnerId ? monitor : undefined;
}

/** Applies validated changes; categoryCodes of the alerts are canonical. Returns how many of each. */
export async function applyAlertChanges(ctx: Context, changes: AlertChanges, removedCategoryCodes: string[]) {
  const writer = { trx: ctx.trx, actorUserId: ctx.actorUserId };
  for (const [index, alert] of changes.creates.entries()) {
    await attempt({ kind: 'create', index, reportMonitorId: null }, ctx.log, async () => {
      const fields = { ...toScheduleFields(schedule(alert)), categoryCode: alert.categoryCode };
      await createMonitor(writer, { ...fields, partnerId: ctx.partnerId });
      return null;
    });
  }
  for (const [index, alert] of changes.updates.entries()) {
    const { reportMonitorId } = alert;
    await attempt({ kind: 'update', index, reportMonitorId }, ctx.log, async () => {
      const before = await onPartner(ctx, reportMonitorId);
      const fields = { ...toScheduleFields(schedule(alert)), categoryCode: alert.categoryCode };
      if (!before || !(await changeMonitor(writer, before, fields))) return NOT_ON_PARTNER(reportMonitorId);
      return null;
    });
  }
  for (const [index, reportMonitorId] of changes.deletes.entries()) {
    await attempt({ kind: 'delete', index, reportMonitorId }, ctx.log, async () => {
      const before = await onPartner(ctx, reportMonitorId);
      if (!before || !(await removeMonitor(writer, before))) return NOT_ON_PARTNER(reportMonitorId);
      return null;
    });
  }
  const orphans = (await listPartnerReportMonitors(ctx.trx, [ctx.partnerId])).filter((m) =>
    removedCategoryCodes.includes(m.categoryCode),
  );
  const removed = await deleteReportMonitorsOfCategories(ctx.trx, ctx.partnerId, removedCategoryCodes);
  await auditRemovedMonitors(writer, orphans, 'Its report category was removed from the partner.');
  return {
    created: changes.creates.length,
    updated: changes.updates.length,
    deleted: changes.deletes.length + removed.length,
  };
}
