import type { FieldProblem } from '../common/field-problem.js';
import {
  type PartnerCategoryFrequencies,
  type ReportAlertField,
  type ReportAlertInput,
  reportAlertProblems,
} from './admin-report-alert.js';

// SPEC.md §4 Report alerts in the partner form: creates, updates and deletes are queued in the
// form and applied only when the partner is saved, in that order (creates, updates, deletes);
// alerts of categories removed from the partner are deleted too. The queue lives in the form;
// the API applies the changes in one transaction and names the change that failed.

export type SavedAlert = ReportAlertInput & { reportMonitorId: number };

/** What a partner save sends with the partner. */
export type AlertChanges = { creates: ReportAlertInput[]; updates: SavedAlert[]; deletes: number[] };

export type AlertQueue = {
  creates: { key: string; alert: ReportAlertInput }[];
  updates: SavedAlert[];
  deletes: number[];
  /** Numbers the next queued create's key. */
  next: number;
};

/** How the form shows an alert: a saved one (maybe changed), or one queued for creation. */
export type AlertRow = ReportAlertInput & {
  key: string;
  reportMonitorId: number | null;
  state: 'saved' | 'created' | 'updated';
};

export const EMPTY_ALERT_QUEUE: AlertQueue = { creates: [], updates: [], deletes: [], next: 1 };

const savedKey = (reportMonitorId: number) => `saved-${reportMonitorId}`;
const savedId = (key: string) => (key.startsWith('saved-') ? Number(key.slice(6)) : null);

/** Queues a new alert (key null) or a change to the alert with that key. */
export function queueAlert(queue: AlertQueue, key: string | null, alert: ReportAlertInput): AlertQueue {
  if (key === null) {
    return {
      ...queue,
      creates: [...queue.creates, { key: `new-${queue.next}`, alert }],
      next: queue.next + 1,
    };
  }
  const reportMonitorId = savedId(key);
  if (reportMonitorId === null) {
    return { ...queue, creates: queue.creates.map((c) => (c.key === key ? { key, alert } : c)) };
  }
  const updates = queue.updates.filter((u) => u.reportMonitorId !== reportMonitorId);
  return { ...queue, updates: [...updates, { ...alert, reportMonitorId }] };
}

/** Queues the removal of an alert: a queued create is simply dropped. */
export function queueAlertDelete(queue: AlertQueue, key: string): AlertQueue {
  const reportMonitorId = savedId(key);
  if (reportMonitorId === null) return { ...queue, creates: queue.creates.filter((c) => c.key !== key) };
  return {
    ...queue,
    updates: queue.updates.filter((u) => u.reportMonitorId !== reportMonitorId),
    deletes: queue.deletes.includes(reportMonitorId) ? queue.deletes : [...queue.deletes, reportMonitorId],
  };
}

const inCategories = (categoryCodes: readonly string[]) => (alert: ReportAlertInput) =>
  categoryCodes.some((code) => code.toLowerCase() === alert.categoryCode.toLowerCase());

/** The alerts the form shows: saved ones with their queued changes, then the queued creates. */
export function visibleAlerts(
  saved: readonly SavedAlert[],
  queue: AlertQueue,
  categoryCodes: readonly string[],
): AlertRow[] {
  const kept = inCategories(categoryCodes);
  const rows: AlertRow[] = saved
    .filter((alert) => !queue.deletes.includes(alert.reportMonitorId))
    .map((alert) => {
      const update = queue.updates.find((u) => u.reportMonitorId === alert.reportMonitorId);
      return {
        ...(update ?? alert),
        key: savedKey(alert.reportMonitorId),
        state: update ? 'updated' : 'saved',
      };
    });
  const created = queue.creates.map(
    (c): AlertRow => ({ ...c.alert, key: c.key, reportMonitorId: null, state: 'created' }),
  );
  return [...rows, ...created].filter(kept);
}

/**
 * The changes a save sends. Queued creates and updates of categories no longer selected are
 * dropped: the server deletes the alerts of removed categories itself.
 */
export function alertChanges(queue: AlertQueue, categoryCodes: readonly string[]): AlertChanges {
  const kept = inCategories(categoryCodes);
  return {
    creates: queue.creates.map((c) => c.alert).filter(kept),
    updates: queue.updates.filter(kept),
    deletes: [...queue.deletes],
  };
}

export function queuedChangeCount(queue: AlertQueue): number {
  return queue.creates.length + queue.updates.length + queue.deletes.length;
}

export type AlertChangeRef = {
  kind: 'create' | 'update' | 'delete';
  /** Position among the changes of its kind, from 0. */
  index: number;
  reportMonitorId: number | null;
};

export function describeAlertChange(ref: AlertChangeRef): string {
  if (ref.kind === 'create') return `new report alert ${ref.index + 1}`;
  const verb = ref.kind === 'update' ? 'change to' : 'deletion of';
  return `${verb} report alert ${ref.reportMonitorId}`;
}

/** The message of a save whose alert change failed: which change, why, and that nothing was saved. */
export function alertChangeFailure(ref: AlertChangeRef, reason: string): string {
  return `The ${describeAlertChange(ref)} failed: ${reason} Nothing was saved.`;
}

/** The first change whose alert has a problem against the partner being saved, if any. */
export function alertChangesProblem(
  changes: AlertChanges,
  partner: PartnerCategoryFrequencies,
): { change: AlertChangeRef; problem: FieldProblem<ReportAlertField> } | null {
  const checks: [AlertChangeRef, ReportAlertInput][] = [
    ...changes.creates.map((alert, index): [AlertChangeRef, ReportAlertInput] => [
      { kind: 'create', index, reportMonitorId: null },
      alert,
    ]),
    ...changes.updates.map((alert, index): [AlertChangeRef, ReportAlertInput] => [
      { kind: 'update', index, reportMonitorId: alert.reportMonitorId },
      alert,
    ]),
  ];
  for (const [change, alert] of checks) {
    const [problem] = reportAlertProblems(alert, partner);
    if (problem) return { change, problem };
  }
  return null;
}
