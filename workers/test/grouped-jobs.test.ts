import { randomUUID } from 'node:crypto';
import { activityDashboardEvent, mailSend, type OutboxRow } from '@portal/queue';
import { quietLogger } from '@portal/testing/workers/helpers';
import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { createRegistry, defineHandler } from '../src/registry.js';
import { toBullJobs } from '../src/relay/bull-jobs.js';

const context = { jobId: 'job-1', attemptsMade: 0, logger: quietLogger };
const event = (dashboardId: number) => ({
  eventId: randomUUID(),
  dashboardId,
  userId: 'partner@demo.portal',
  kind: 'VIEW' as const,
  occurredAt: '2026-11-20T15:00:00.000Z',
});

let next = 0;
function row(jobName: string, payload: unknown, jobId: string | null = null): OutboxRow {
  next += 1;
  return {
    outbox_id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    queue: jobName.split('.')[0]!,
    job_name: jobName,
    job_id: jobId,
    payload,
    created_at: new Date(),
    published_at: null,
    attempts: 0,
    last_error: null,
  } as OutboxRow;
}

describe('grouped jobs: the relay side', () => {
  it('publishes the rows of a grouped job as one job, and other rows one job each', () => {
    const views = [row('activity.dashboard-event', event(1)), row('activity.dashboard-event', event(2))];
    const mail = row('mail.send', { to: ['a@b.example'], subject: 's', text: 't' });
    const jobs = toBullJobs([views[0]!, mail, views[1]!]);
    expect(jobs).toHaveLength(2);
    const group = jobs.find((job) => job.name === 'activity.dashboard-event')!;
    expect(group.data).toEqual(views.map((v) => v.payload));
    expect(group.outboxIds).toEqual(views.map((v) => v.outbox_id));
    expect(group.opts.jobId).toMatch(/^group-[0-9a-f]{40}$/);
    expect(jobs.find((job) => job.name === 'mail.send')).toMatchObject({
      data: mail.payload,
      opts: { jobId: mail.outbox_id },
    });
  });

  it('names a group by its rows: the same rows the same job, other rows another, one row its own id', () => {
    const [a, b, c] = [1, 2, 3].map((id) => row('activity.dashboard-event', event(id)));
    const idOf = (rows: OutboxRow[]) => toBullJobs(rows)[0]!.opts.jobId;
    expect(idOf([a!, b!])).toBe(idOf([b!, a!]));
    expect(idOf([a!, b!])).not.toBe(idOf([a!, b!, c!]));
    expect(idOf([a!])).toBe(a!.outbox_id);
  });
});

describe('grouped jobs: the worker side', () => {
  const stored: string[][] = [];
  const registry = createRegistry(
    {
      'activity.dashboard-event': defineHandler('activity.dashboard-event', async (events) => {
        stored.push(events.map((e) => e.eventId));
      }),
      'mail.send': defineHandler('mail.send', async () => {}),
    },
    [activityDashboardEvent, mailSend],
  );

  it('hands the handler the list, and a lone payload (published before grouping) as a list of one', async () => {
    const [one, two] = [event(1), event(2)];
    await registry.run('activity.dashboard-event', [one, two], context);
    await registry.run('activity.dashboard-event', one, context);
    expect(stored.splice(0)).toEqual([[one.eventId, two.eventId], [one.eventId]]);
  });

  it('handles the valid payloads of a group, then fails the job for replay without retrying', async () => {
    const good = event(1);
    const run = registry.run('activity.dashboard-event', [good, { ...event(2), kind: 'LOOK' }], context);
    await expect(run).rejects.toThrow(UnrecoverableError);
    await expect(run).rejects.toThrow(/1 of 2 payloads invalid/);
    expect(stored.splice(0)).toEqual([[good.eventId]]);
  });
});
