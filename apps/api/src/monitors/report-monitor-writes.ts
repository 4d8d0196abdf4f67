import {
  type AdminReportMonitor,
  type Db,
  deleteReportMonitor,
  findAdminReportMonitor,
  insertReportMonitor,
  updateReportMonitor,
  writeAudit,
} from '@portal/db';
import type { MonitorScheduleFields } from '@portal/domain';
import { monitorAuditView } from './views.js';

// The writes of a report monitor, each with its audit entry, in the caller's transaction: the
// monitor routes (one alert) and a partner's save (its queued alert changes) both write through
// these, so an alert is created, changed and deleted, and audited, one way.

export const REPORT_MONITOR_ACTIONS = {
  create: 'report-monitor.create',
  update: 'report-monitor.update',
  delete: 'report-monitor.delete',
} as const;

/** Who writes, in which transaction. */
export type MonitorWriter = { trx: Db; actorUserId: string };

type Placement = MonitorScheduleFields & { partnerId: number; categoryCode: string };

async function audit(
  { trx, actorUserId }: MonitorWriter,
  action: (typeof REPORT_MONITOR_ACTIONS)[keyof typeof REPORT_MONITOR_ACTIONS],
  reportMonitorId: number,
  change: { before: AdminReportMonitor | null; after: AdminReportMonitor | null; detail?: unknown },
) {
  await writeAudit(trx, {
    actorUserId,
    action,
    entityType: 'report-monitor',
    entityId: String(reportMonitorId),
    before: change.before && monitorAuditView(change.before),
    after: change.after && monitorAuditView(change.after),
    ...(change.detail !== undefined && { detail: change.detail }),
  });
}

/** Adds an alert; answers it as stored. */
export async function createMonitor(writer: MonitorWriter, monitor: Placement): Promise<AdminReportMonitor> {
  const id = await insertReportMonitor(writer.trx, monitor);
  const created = (await findAdminReportMonitor(writer.trx, id))!;
  await audit(writer, REPORT_MONITOR_ACTIONS.create, id, { before: null, after: created });
  return created;
}

/** Changes an alert of `before`'s partner; undefined when it is no longer there. */
export async function changeMonitor(
  writer: MonitorWriter,
  before: AdminReportMonitor,
  change: MonitorScheduleFields & { categoryCode: string },
): Promise<AdminReportMonitor | undefined> {
  const { reportMonitorId, partnerId } = before;
  if (!(await updateReportMonitor(writer.trx, { ...change, reportMonitorId, partnerId }))) return undefined;
  const after = (await findAdminReportMonitor(writer.trx, reportMonitorId))!;
  await audit(writer, REPORT_MONITOR_ACTIONS.update, reportMonitorId, { before, after });
  return after;
}

/** Deletes an alert of `before`'s partner; false when it is no longer there. */
export async function removeMonitor(writer: MonitorWriter, before: AdminReportMonitor): Promise<boolean> {
  if (!(await deleteReportMonitor(writer.trx, before.reportMonitorId, before.partnerId))) return false;
  await audit(writer, REPORT_MONITOR_ACTIONS.delete, before.reportMonitorId, { before, after: null });
  return true;
}

/** Audits alerts deleted with something else (their category removed from the partner), and why. */
export async function auditRemovedMonitors(
  writer: MonitorWriter,
  removed: readonly AdminReportMonitor[],
  reason: string,
): Promise<void> {
  for (const monitor of removed) {
    await audit(writer, REPORT_MONITOR_ACTIONS.delete, monitor.reportMonitorId, {
      before: monitor,
      after: null,
      detail: { reason },
    });
  }
}
