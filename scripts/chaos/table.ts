import type { ChaosResult } from './run.js';

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);
const lpad = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text;

function statusSummary(byStatus: Record<string, number>): string {
  const ok = Object.entries(byStatus)
    .filter(([s]) => Number(s) < 400)
    .reduce((n, [, c]) => n + c, 0);
  const rest = Object.entries(byStatus)
    .filter(([s]) => Number(s) >= 400)
    .map(([s, c]) => `${s}:${c}`);
  return [`2xx:${ok}`, ...rest].join(' ');
}

/** The one table of the fault suite: each fault, then what was stored and sent, then the goals. */
export function formatTable(result: ChaosResult): string {
  const lines: string[] = [];
  const head = ['fault', 'calls', 'answered', 'statuses', 'failover', 'recover s', 'stalled', 'notes'];
  const widths = [34, 6, 9, 22, 9, 10, 8, 0];
  const row = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i >= 1 && i <= 6 && i !== 3 ? lpad(cell, widths[i] ?? 0) : pad(cell, widths[i] ?? 0))).join(' | ')} |`;
  lines.push(
    `Fault suite (${result.profile}), ${result.seconds} s${result.logsKeptIn ? `; logs kept in ${result.logsKeptIn}` : ''}`,
  );
  lines.push(row(head));
  lines.push(row(widths.map((w) => '-'.repeat(Math.max(w, 5)))));
  for (const fault of result.faults) {
    const notes = [...fault.notes.filter((n) => n !== 'READYZ-DID-NOT-SAY')];
    if (fault.exit)
      notes.unshift(`exit ${fault.exit.code} after ${(fault.exit.afterMs / 1000).toFixed(1)} s`);
    const answeredBy = Object.entries(fault.answeredBy).map(([api, n]) => `${api} ${n}`);
    if (answeredBy.length > 0) notes.unshift(`answered by ${answeredBy.join(', ')}`);
    const stalled = Object.entries(fault.stalledByQueue).map(([queue, n]) => `${queue} ${n}`);
    if (stalled.length > 0) notes.push(`stalled: ${stalled.join(', ')}`);
    const errors = Object.entries(fault.stats.errors).map(([error, n]) => `${error} ${n}`);
    if (errors.length > 0) notes.push(`connection errors: ${errors.join(', ')}`);
    lines.push(
      row([
        fault.fault,
        String(fault.stats.calls),
        String(fault.stats.answered),
        statusSummary(fault.stats.byStatus),
        String(fault.stats.failedOver),
        fault.recoverMs === null ? 'never' : (fault.recoverMs / 1000).toFixed(2),
        String(fault.stalled),
        notes.join('; '),
      ]),
    );
  }
  const { totals, events, mails, issues, monitorChecks, invitationMails, batches, batchRecords } = result;
  lines.push(
    row([
      'total',
      String(totals.calls),
      String(totals.answered),
      statusSummary(totals.byStatus),
      String(totals.failedOver),
      '',
      '',
      totals.unanswered ? `unanswered ${totals.unanswered}` : '',
    ]),
  );
  lines.push('');
  lines.push('| what                    | expected | stored/sent/done | lost | duplicates |');
  lines.push('| ----------------------- | -------- | ---------------- | ---- | ---------- |');
  const what = (name: string, expected: number, stored: number, duplicates: number | string) =>
    `| ${pad(name, 23)} | ${lpad(String(expected), 8)} | ${lpad(String(stored), 16)} | ${lpad(String(expected - stored), 4)} | ${lpad(String(duplicates), 10)} |`;
  lines.push(what('dashboard events', events.expected, events.stored, events.duplicates));
  lines.push(what('e-mails (all)', mails.expected, mails.sent, mails.duplicates));
  lines.push(
    what('invitation e-mails', invitationMails.expected, invitationMails.sent, invitationMails.duplicates),
  );
  lines.push(what('contact-us issues', issues.answered, issues.stored, '-'));
  lines.push(what('monitor checks', monitorChecks.expected, monitorChecks.stored, '-'));
  // Done = completed with its file in the store; duplicates = files beyond one per batch.
  lines.push(what('disputes batch runs', batches.expected, batches.done, batches.duplicates));
  lines.push(what('disputes in the batches', batchRecords.expected, batchRecords.taken, '-'));
  lines.push('');
  for (const goal of result.goals)
    lines.push(`${goal.met ? 'MET   ' : 'NOT MET'} ${goal.goal}: ${goal.detail}`);
  return lines.join('\n');
}
