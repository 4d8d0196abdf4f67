import { DEFAULT_RETENTION } from '@portal/domain/operations/retention';
import { easternWallClock } from '@portal/domain/time/eastern-time';
import { RETENTION_CRON, RETENTION_SCHEDULER_ID } from '@portal/queue/jobs/retention-apply';
import { waitFor } from '@portal/testing/workers/helpers';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Housekeeping, startHousekeeping } from './housekeeping-harness.js';

// The retention job as the 04:00 ET scheduler fires it, through a real worker, with a setting
// changed from its default: the rules themselves are tested in packages/db/test/retention-*.test.ts.
let housekeeping: Housekeeping;

beforeAll(async () => {
  housekeeping = await startHousekeeping({ retention: { ...DEFAULT_RETENTION, outboxDays: 2 } });
});

afterAll(async () => housekeeping?.stop());

it('keeps a job scheduler firing retention.apply at 04:00 New York time', async () => {
  const scheduler = await waitFor('the retention scheduler', () =>
    housekeeping.monitors.getJobScheduler(RETENTION_SCHEDULER_ID),
  );
  expect(scheduler).toMatchObject({
    name: 'retention.apply',
    pattern: RETENTION_CRON,
    tz: 'America/New_York',
  });
  expect(easternWallClock(new Date(scheduler.next!))).toMatchObject({ hour: 4, minute: 0, second: 0 });
});

it('applies the configured retention when the job runs, and harmlessly twice', async () => {
  const { db } = housekeeping.t;
  await sql`insert into outbox (queue, job_name, payload, published_at) values
    ('mail', 'mail.send', '{"age":"3 days"}', now() - interval '3 days'),
    ('mail', 'mail.send', '{"age":"1 day"}', now() - interval '1 day')`.execute(db);
  for (const jobId of ['retention-first', 'retention-second']) {
    await housekeeping.run('retention.apply', jobId);
    const ages = await sql<{
      age: string;
    }>`select payload->>'age' as age from outbox where payload ? 'age'`.execute(db);
    expect(ages.rows).toEqual([{ age: '1 day' }]);
  }
});
