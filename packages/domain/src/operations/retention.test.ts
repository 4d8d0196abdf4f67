import { describe, expect, it } from 'vitest';
import {
  acceptedWindow,
  DEFAULT_RETENTION,
  dailyCutoff,
  MIN_AUDIT_LOG_RETENTION_MONTHS,
  monthlyCutoff,
  monthOfPartition,
  monthStart,
  monthsToCreate,
  monthsToDrop,
  PARTITION_MONTHS_AHEAD,
  partitionName,
  RETENTION_DEFAULTS,
} from './retention.js';

const at = (iso: string) => new Date(iso);
const isoOf = (dates: readonly Date[]) => dates.map((date) => date.toISOString());

describe('retention', () => {
  it('keeps defaults an auditor accepts: seven years of audit log, above the PCI DSS minimum', () => {
    expect(RETENTION_DEFAULTS.AUDIT_LOG_RETENTION_MONTHS).toBe(84);
    expect(DEFAULT_RETENTION.auditLogMonths).toBeGreaterThanOrEqual(MIN_AUDIT_LOG_RETENTION_MONTHS);
    expect(MIN_AUDIT_LOG_RETENTION_MONTHS).toBe(12);
    expect(DEFAULT_RETENTION).toEqual({
      auditLogMonths: 84,
      dashboardEventsMonths: 13,
      outboxDays: 7,
      mailDeliveriesDays: 90,
      reportEventsDays: 90,
      webhookDeliveriesDays: 90,
      reportMonitorRunsDays: 400,
    });
  });

  it('finds the start of a UTC month, across year ends both ways', () => {
    expect(monthStart(at('2026-11-26T15:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart(at('2026-11-01T00:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart(at('2026-10-31T23:59:59.999Z')).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(monthStart(at('2026-12-31T23:59:59Z'), 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(at('2026-01-15T00:00:00Z'), -1).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(monthStart(at('2026-01-15T00:00:00Z'), -13).toISOString()).toBe('2024-12-01T00:00:00.000Z');
  });

  it('cuts a monthly table at the start of the month `months` before the current one', () => {
    const now = at('2026-11-26T15:00:00Z');
    expect(monthlyCutoff(now, 13).toISOString()).toBe('2025-10-01T00:00:00.000Z');
    expect(monthlyCutoff(now, 84).toISOString()).toBe('2019-11-01T00:00:00.000Z');
    expect(monthlyCutoff(now, 1).toISOString()).toBe('2026-10-01T00:00:00.000Z');
  });

  it('cuts a daily table exactly `days` days before now', () => {
    expect(dailyCutoff(at('2026-11-26T15:00:00Z'), 7).toISOString()).toBe('2026-11-19T15:00:00.000Z');
    expect(dailyCutoff(at('2026-11-26T15:00:00Z'), 1).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(dailyCutoff(at('2026-03-01T00:00:00Z'), 90).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it('makes the current month and the next two, across a year end', () => {
    expect(PARTITION_MONTHS_AHEAD).toBe(2);
    expect(isoOf(monthsToCreate(at('2026-11-30T23:59:59Z')))).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('drops exactly the months that end at or before the cutoff', () => {
    const now = at('2026-11-26T15:00:00Z');
    const months = ['2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2026-11-01'].map(
      (day) => new Date(`${day}T00:00:00Z`),
    );
    expect(isoOf(monthsToDrop(months, now, 13))).toEqual([
      '2025-08-01T00:00:00.000Z',
      '2025-09-01T00:00:00.000Z',
    ]);
    expect(isoOf(monthsToDrop(months, now, 12))).toEqual([
      '2025-08-01T00:00:00.000Z',
      '2025-09-01T00:00:00.000Z',
      '2025-10-01T00:00:00.000Z',
    ]);
    expect(monthsToDrop([], now, 13)).toEqual([]);
  });

  it('accepts events from the cutoff up to the end of the last month made ahead', () => {
    const window = acceptedWindow(at('2026-11-26T15:00:00Z'), 13);
    expect(window.from.toISOString()).toBe('2025-10-01T00:00:00.000Z');
    expect(window.to.toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });

  it('names a partition by its parent and month, and reads the month back', () => {
    const month = at('2026-01-01T00:00:00Z');
    expect(partitionName('audit_log', month)).toBe('audit_log_p202601');
    expect(monthOfPartition('audit_log', 'audit_log_p202601')?.toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(monthOfPartition('audit_log', 'audit_log_p202612')?.toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });

  it('reads no month from a name it did not make', () => {
    for (const name of [
      'audit_log_p202600',
      'audit_log_p202613',
      'audit_log_p20261',
      'audit_log_p2026011',
      'xaudit_log_p202601',
      'audit_log_p202601x',
      'audit_log_202601',
      'dashboard_activity_events_p202601',
      'audit_log_unpartitioned',
    ]) {
      expect(monthOfPartition('audit_log', name), name).toBeUndefined();
    }
  });
});
