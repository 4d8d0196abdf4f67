import {
  type Database,
  deleteReportMonitor,
  deleteReportMonitorsOfCategories,
  findAdminReportMonitor,
  insertReportMonitor,
  isForeignKeyViolation,
  listPartnerReportMonitors,
  updateReportMonitor,
  writeAudit,
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
import { monitorAuditView } from './views.js';

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

async function audit(ctx: Context, action: string, reportMonitorId: number, before: unknown, after: unknown) {
  await writeAudit(ctx.trx, {
    actorUserId: ctx.actorUserId,
    action,
    entityType: 'report-monitor',
    entityId: String(reportMonitorId),
    before,
    after,
  });
}

async function snapshot(ctx: Context, reportMonitorId: number) {
  const monitor = await findAdminReportMonitor(ctx.trx, reportMonitorId);
  return monitor && monitor.partnerId === ctx.partnerId ? monitorAuditView(monitor) : undefined;
}

/** Applies validated changes; categoryCodes of the alerts are canonical. Returns how many of each. */
export async function applyAlertChanges(ctx: Context, changes: AlertChanges, removedCategoryCodes: string[]) {
  for (const [index, alert] of changes.creates.entries()) {
    await attempt({ kind: 'create', index, reportMonitorId: null }, ctx.log, async () => {
      const fields = {
        ...toScheduleFields(schedule(alert)),
        partnerId: ctx.partnerId,
        categoryCode: alert.categoryCode,
      };
      const id = await insertReportMonitor(ctx.trx, fields);
      await audit(ctx, 'report-monitor.create', id, null, await snapshot(ctx, id));
      return null;
    });
  }
  for (const [index, alert] of changes.updates.entries()) {
    const { reportMonitorId } = alert;
    await attempt({ kind: 'update', index, reportMonitorId }, ctx.log, async () => {
      const before = await snapshot(ctx, reportMonitorId);
      const fields = { ...toScheduleFields(schedule(alert)), reportMonitorId, partnerId: ctx.partnerId };
      if (!before || !(await updateReportMonitor(ctx.trx, { ...fields, categoryCode: alert.categoryCode }))) {
        return NOT_ON_PARTNER(reportMonitorId);
      }
      await audit(
        ctx,
        'report-monitor.update',
        reportMonitorId,
        before,
        await snapshot(ctx, reportMonitorId),
      );
      return null;
    });
  }
  for (const [index, reportMonitorId] of changes.deletes.entries()) {
    await attempt({ kind: 'delete', index, reportMonitorId }, ctx.log, async () => {
      const before = await snapshot(ctx, reportMonitorId);
      if (!before || !(await deleteReportMonitor(ctx.trx, reportMonitorId, ctx.partnerId))) {
        return NOT_ON_PARTNER(reportMonitorId);
      }
      await audit(ctx, 'report-monitor.delete', reportMonitorId, before, null);
      return null;
    });
  }
  const orphans = (await listPartnerReportMonitors(ctx.trx, [ctx.partnerId])).filter((m) =>
    removedCategoryCodes.includes(m.categoryCode),
  );
  const removed = await deleteReportMonitorsOfCategories(ctx.trx, ctx.partnerId, removedCategoryCodes);
  for (const monitor of orphans) {
    const detail = { reason: 'Its report category was removed from the partner.' };
    await writeAudit(ctx.trx, {
      actorUserId: ctx.actorUserId,
      action: 'report-monitor.delete',
      entityType: 'report-monitor',
      entityId: String(monitor.reportMonitorId),
      before: monitorAuditView(monitor),
      after: null,
      detail,
    });
  }
  return {
    created: changes.creates.length,
    updated: changes.updates.length,
    deleted: changes.deletes.length + removed.length,
  };
}
