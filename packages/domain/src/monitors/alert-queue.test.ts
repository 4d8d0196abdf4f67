import { describe, expect, it } from 'vitest';
import {
  alertChangeFailure,
  alertChanges,
  alertChangesProblem,
  EMPTY_ALERT_QUEUE,
  queueAlert,
  queueAlertDelete,
  queuedChangeCount,
  type SavedAlert,
  visibleAlerts,
} from './alert-queue.js';

const weekly = (categoryCode: string, frequencyDay = 'MONDAY') => ({
  categoryCode,
  frequencyTypeCode: 'WLY',
  frequencyDay,
  frequencyNumber: null,
});
const saved: SavedAlert[] = [
  { ...weekly('CHARGEBACKS'), reportMonitorId: 1 },
  { ...weekly('CHARGEBACKS', 'FRIDAY'), reportMonitorId: 2 },
  { ...weekly('ACCOUNTS'), reportMonitorId: 3 },
];
const categories = ['CHARGEBACKS', 'ACCOUNTS'];

describe('the partner form alert queue', () => {
  it('queues creates, updates and deletes without touching the saved alerts', () => {
    let queue = queueAlert(EMPTY_ALERT_QUEUE, null, weekly('ACCOUNTS', 'TUESDAY'));
    queue = queueAlert(queue, 'saved-1', weekly('CHARGEBACKS', 'WEDNESDAY'));
    queue = queueAlertDelete(queue, 'saved-2');
    expect(queuedChangeCount(queue)).toBe(3);
    expect(alertChanges(queue, categories)).toEqual({
      creates: [weekly('ACCOUNTS', 'TUESDAY')],
      updates: [{ ...weekly('CHARGEBACKS', 'WEDNESDAY'), reportMonitorId: 1 }],
      deletes: [2],
    });
    expect(
      visibleAlerts(saved, queue, categories).map((row) => [row.key, row.state, row.frequencyDay]),
    ).toEqual([
      ['saved-1', 'updated', 'WEDNESDAY'],
      ['saved-3', 'saved', 'MONDAY'],
      ['new-1', 'created', 'TUESDAY'],
    ]);
  });

  it('edits a queued create in place and drops it when deleted', () => {
    let queue = queueAlert(EMPTY_ALERT_QUEUE, null, weekly('ACCOUNTS'));
    queue = queueAlert(queue, 'new-1', weekly('ACCOUNTS', 'THURSDAY'));
    expect(alertChanges(queue, categories).creates).toEqual([weekly('ACCOUNTS', 'THURSDAY')]);
    queue = queueAlertDelete(queue, 'new-1');
    expect(queuedChangeCount(queue)).toBe(0);
  });

  it('replaces a queued update by a delete of the same alert', () => {
    let queue = queueAlert(EMPTY_ALERT_QUEUE, 'saved-3', weekly('ACCOUNTS', 'FRIDAY'));
    queue = queueAlertDelete(queue, 'saved-3');
    queue = queueAlertDelete(queue, 'saved-3');
    expect(alertChanges(queue, categories)).toEqual({ creates: [], updates: [], deletes: [3] });
  });

  it('hides and does not send changes of categories removed from the partner', () => {
    let queue = queueAlert(EMPTY_ALERT_QUEUE, null, weekly('ACCOUNTS'));
    queue = queueAlert(queue, 'saved-3', weekly('ACCOUNTS', 'FRIDAY'));
    expect(alertChanges(queue, ['CHARGEBACKS'])).toEqual({ creates: [], updates: [], deletes: [] });
    expect(visibleAlerts(saved, queue, ['CHARGEBACKS']).map((row) => row.key)).toEqual([
      'saved-1',
      'saved-2',
    ]);
  });

  it('names the first change with a problem against the partner being saved', () => {
    const partner = [{ categoryCode: 'CHARGEBACKS', frequencyTypeCodes: ['WLY'] }];
    expect(alertChangesProblem({ creates: [weekly('CHARGEBACKS')], updates: [], deletes: [] }, partner)).toBe(
      null,
    );
    const found = alertChangesProblem(
      {
        creates: [weekly('CHARGEBACKS')],
        updates: [{ ...weekly('CHARGEBACKS'), frequencyDay: null, reportMonitorId: 7 }],
        deletes: [],
      },
      partner,
    );
    expect(found).toEqual({
      change: { kind: 'update', index: 0, reportMonitorId: 7 },
      problem: { field: 'frequencyDay', message: 'This field is required.' },
    });
    expect(alertChangeFailure(found!.change, found!.problem.message)).toBe(
      'The change to report alert 7 failed: This field is required. Nothing was saved.',
    );
    expect(alertChangeFailure({ kind: 'create', index: 1, reportMonitorId: null }, 'Boom.')).toBe(
      'The new report alert 2 failed: Boom. Nothing was saved.',
    );
  });
});

// Issue 26: several queued changes of each kind, categories in any case, every change named.
describe('edges of the alert queue', () => {
  it('numbers each create, and edits only the create with that key', () => {
    let queue = queueAlert(EMPTY_ALERT_QUEUE, null, weekly('ACCOUNTS', 'MONDAY'));
    queue = queueAlert(queue, null, weekly('ACCOUNTS', 'TUESDAY'));
    queue = queueAlert(queue, 'new-2', weekly('ACCOUNTS', 'FRIDAY'));
    expect(queue.creates).toEqual([
      { key: 'new-1', alert: weekly('ACCOUNTS', 'MONDAY') },
      { key: 'new-2', alert: weekly('ACCOUNTS', 'FRIDAY') },
    ]);
    expect(queue.next).toBe(3);
    queue = queueAlertDelete(queue, 'new-1');
    expect(queue.creates.map((c) => c.key)).toEqual(['new-2']);
  });

  it('keeps the latest update of an alert and the updates of others', () => {
    let queue = queueAlert(EMPTY_ALERT_QUEUE, 'saved-1', weekly('CHARGEBACKS', 'TUESDAY'));
    queue = queueAlert(queue, 'saved-3', weekly('ACCOUNTS', 'TUESDAY'));
    queue = queueAlert(queue, 'saved-1', weekly('CHARGEBACKS', 'THURSDAY'));
    expect(queue.updates).toEqual([
      { ...weekly('ACCOUNTS', 'TUESDAY'), reportMonitorId: 3 },
      { ...weekly('CHARGEBACKS', 'THURSDAY'), reportMonitorId: 1 },
    ]);
    queue = queueAlertDelete(queue, 'saved-1');
    expect(queue.updates.map((u) => u.reportMonitorId)).toEqual([3]);
    expect(queue.deletes).toEqual([1]);
    queue = queueAlertDelete(queue, 'saved-2');
    expect(queue.deletes).toEqual([1, 2]);
    expect(queuedChangeCount(queue)).toBe(3);
  });

  it('matches categories whatever their case, and hides deleted saved alerts', () => {
    const queue = queueAlertDelete(EMPTY_ALERT_QUEUE, 'saved-1');
    expect(visibleAlerts(saved, queue, ['chargebacks']).map((row) => [row.key, row.reportMonitorId])).toEqual(
      [['saved-2', 2]],
    );
    expect(alertChanges(queue, [])).toEqual({ creates: [], updates: [], deletes: [1] });
  });

  it('checks creates before updates and names each by its position', () => {
    const partner = [{ categoryCode: 'CHARGEBACKS', frequencyTypeCodes: ['WLY'] }];
    const found = alertChangesProblem(
      {
        creates: [weekly('CHARGEBACKS'), weekly('ACCOUNTS')],
        updates: [{ ...weekly('CHARGEBACKS'), frequencyDay: null, reportMonitorId: 7 }],
        deletes: [9],
      },
      partner,
    );
    expect(found).toEqual({
      change: { kind: 'create', index: 1, reportMonitorId: null },
      problem: { field: 'categoryCode', message: 'This report category is not selected for the partner.' },
    });
    expect(alertChangeFailure({ kind: 'delete', index: 0, reportMonitorId: 9 }, 'Gone.')).toBe(
      'The deletion of report alert 9 failed: Gone. Nothing was saved.',
    );
  });
});
