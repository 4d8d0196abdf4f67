import {
  applyRetention,
  listPartitionMonths,
  maintainPartitions,
  makeMonthPartitions,
  migrateToLatest,
  recordDashboardEvents,
  writeAudit,
} from '@portal/db';
import { viewMonthOf } from '@portal/domain';
import {
  acceptedWindow,
  DEFAULT_RETENTION,
  monthStart,
  partitionName,
} from '@portal/domain/operations/retention';
import {
  createTestDatabase,
  DATABASE_ENGINES,
  ensureReferenceData,
  newDashboard,
  newPartner,
  type OpenedDatabase,
} from '@portal/testing/db';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/migrations/index.js';
import { logDeleteStatements } from './delete-statements.js';
import { startWriter } from './retention-writer.js';

// Issue 29: the dashboard activity events and the audit log are partitioned by month; a month is
// made ahead, and forgotten by dropping it. The same on Postgres and on the embedded PGlite of
// `npm start`.
const engines = DATABASE_ENGINES;

const NOW = new Date();
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const event = (eventId: string, dashboardId: number, occurredAt: Date) => ({
  eventId,
  dashboardId,
  userId: 'viewer',
  kind: 'VIEW' as const,
  detail: null,
  occurredAt,
  month: viewMonthOf(occurredAt),
});
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

describe.each(engines)('month partitions on %s', (_kind, open) => {
  let handle: OpenedDatabase;
  let dashboardId: number;
  beforeAll(async () => {
    handle = await open();
    await ensureReferenceData(handle.db);
    const partnerId = await newPartner(handle.db, { code: 'PART' });
    dashboardId = await newDashboard(handle.db, partnerId);
  });
  afterAll(async () => {
    if (handle?.drop) await handle.drop();
    else await handle?.close();
  });

  it('has this month and the next two after migration', async () => {
    const ahead = [0, 1, 2].map((offset) => monthStart(NOW, offset));
    for (const table of ['audit_log', 'dashboard_activity_events'] as const) {
      expect(iso(await listPartitionMonths(handle.db, table))).toEqual(expect.arrayContaining(iso(ahead)));
    }
    expect(await maintainPartitions(handle.db, NOW)).toEqual({ made: [], dropped: [] });
  });

  it('makes the months ahead when the clock reaches them', async () => {
    const later = monthStart(NOW, 5);
    const run = await maintainPartitions(handle.db, later);
    expect(run.made).toEqual(
      expect.arrayContaining([5, 6, 7].map((offset) => partitionName('audit_log', monthStart(NOW, offset)))),
    );
    expect(run.dropped).toEqual([]);
  });

  it('drops a month older than the retention with its rows, and keeps the months within it', async () => {
    const old = monthStart(NOW, -85);
    const kept = monthStart(NOW, -84);
    await makeMonthPartitions(handle.db, 'audit_log', [old, kept]);
    await sql`insert into audit_log (at, action, entity_type)
      select ${old}::timestamptz + make_interval(secs => g), 'old.entry', 'test' from generate_series(1, 2000) g`.execute(
      handle.db,
    );
    await sql`insert into audit_log (at, action, entity_type) values (${kept}, 'kept.entry', 'test')`.execute(
      handle.db,
    );
    const run = await maintainPartitions(handle.db, NOW, { audit_log: 84, dashboard_activity_events: 13 });
    expect(run.dropped).toEqual([partitionName('audit_log', old)]);
    const months = iso(await listPartitionMonths(handle.db, 'audit_log'));
    expect(months).not.toContain(old.toISOString());
    expect(months).toContain(kept.toISOString());
    const actions = await handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'test')
      .execute();
    expect(actions).toEqual([{ action: 'kept.entry' }]);
  });

  it('refuses an event older than the retention: neither stored nor counted', async () => {
    const window = acceptedWindow(NOW, 13);
    const tooOld = new Date(window.from.getTime() - 1);
    const oldest = window.from;
    expect(await recordDashboardEvents(handle.db, [event(uuid(1), dashboardId, tooOld)], window)).toBe(0);
    expect(await recordDashboardEvents(handle.db, [event(uuid(2), dashboardId, oldest)], window)).toBe(1);
    const views = await handle.db.selectFrom('dashboard_views_monthly').select(['month', 'views']).execute();
    expect(views).toEqual([{ month: viewMonthOf(oldest), views: 1 }]);
    const stored = await handle.db.selectFrom('dashboard_activity_events').select('event_id').execute();
    expect(stored).toEqual([{ event_id: uuid(2) }]);
  });

  it('refuses an event dated past the months made ahead', async () => {
    const window = acceptedWindow(NOW, 13);
    expect(await recordDashboardEvents(handle.db, [event(uuid(3), dashboardId, window.to)], window)).toBe(0);
    expect(
      await recordDashboardEvents(
        handle.db,
        [event(uuid(4), dashboardId, new Date(window.to.getTime() - 1))],
        window,
      ),
    ).toBe(1);
  });

  it('stores and counts a replayed event once, in the month it happened', async () => {
    const window = acceptedWindow(NOW, 13);
    const threeMonthsAgo = new Date(monthStart(NOW, -3).getTime() + 3_600_000);
    const replayed = event(uuid(5), dashboardId, threeMonthsAgo);
    expect(await recordDashboardEvents(handle.db, [replayed], window)).toBe(1);
    expect(await recordDashboardEvents(handle.db, [replayed, replayed], window)).toBe(0);
    const views = await handle.db
      .selectFrom('dashboard_views_monthly')
      .select('views')
      .where('month', '=', viewMonthOf(threeMonthsAgo))
      .execute();
    expect(views).toEqual([{ views: 1 }]);
    const partition = partitionName('dashboard_activity_events', threeMonthsAgo);
    const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(partition)}`.execute(
      handle.db,
    );
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it('stores an event whose month was dropped behind its back, once its month is made again', async () => {
    const window = acceptedWindow(NOW, 13);
    const month = monthStart(NOW, -2);
    await recordDashboardEvents(handle.db, [event(uuid(6), dashboardId, month)], window);
    await sql`drop table ${sql.table(partitionName('dashboard_activity_events', month))}`.execute(handle.db);
    expect(await recordDashboardEvents(handle.db, [event(uuid(7), dashboardId, month)], window)).toBe(1);
  });

  it('runs the whole retention pass, deleting in batches until none is left', async () => {
    await sql`insert into outbox (queue, job_name, payload, published_at)
      select 'mail', 'mail.send', '{}', now() - interval '8 days' from generate_series(1, 7)`.execute(
      handle.db,
    );
    const statements = await logDeleteStatements(handle.db, 'outbox');
    const run = await applyRetention(handle.db, DEFAULT_RETENTION, NOW, 3);
    expect(run.deleted.outbox).toBe(7);
    expect(await statements.rowCounts()).toEqual([3, 3, 1]);
    await statements.stop();
    expect(await handle.db.selectFrom('outbox').select('outbox_id').execute()).toEqual([]);
  });

  it('keeps the rows of both tables through the migration, down and up again', async () => {
    await writeAudit(handle.db, {
      actorUserId: 'migrator',
      action: 'before.migration',
      entityType: 'test',
      entityId: '1',
    });
    const before = await handle.db
      .selectFrom('audit_log')
      .select(['audit_id', 'action'])
      .orderBy('audit_id')
      .execute();
    const events = await handle.db
      .selectFrom('dashboard_activity_events')
      .select('event_id')
      .orderBy('event_id')
      .execute();
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('2026112602_webhooks');
    expect(down.error).toBeUndefined();
    await sql`insert into dashboard_activity_events (event_id, dashboard_id, kind, occurred_at)
      values (${uuid(8)}, ${dashboardId}, 'VIEW', now() - interval '40 months')`.execute(handle.db);
    await migrateToLatest(handle.db);
    expect(
      await handle.db.selectFrom('audit_log').select(['audit_id', 'action']).orderBy('audit_id').execute(),
    ).toEqual(before);
    const after = await handle.db
      .selectFrom('dashboard_activity_events')
      .select('event_id')
      .orderBy('event_id')
      .execute();
    expect(after).toEqual(
      [...events, { event_id: uuid(8) }].sort((a, b) => a.event_id.localeCompare(b.event_id)),
    );
    await writeAudit(handle.db, {
      actorUserId: 'migrator',
      action: 'after.migration',
      entityType: 'test',
      entityId: '1',
    });
    const last = await handle.db
      .selectFrom('audit_log')
      .select('audit_id')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(last.audit_id)).toBeGreaterThan(Math.max(...before.map((row) => Number(row.audit_id))));
  });
});

describe('dropping a month beside a writer', () => {
  let handle: OpenedDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle?.drop?.());

  it('never makes a writer with a 50 ms lock_timeout fail', async () => {
    const old = monthStart(NOW, -86);
    await makeMonthPartitions(handle.db, 'audit_log', [old]);
    await sql`insert into audit_log (at, action, entity_type)
      select ${old}::timestamptz + make_interval(secs => g), 'old.entry', 'test' from generate_series(1, 5000) g`.execute(
      handle.db,
    );
    const writer = await startWriter(handle.db, (db, round) =>
      writeAudit(db, { actorUserId: 'writer', action: 'write', entityType: 'test', entityId: String(round) }),
    );
    const run = await maintainPartitions(handle.db, NOW, { audit_log: 84, dashboard_activity_events: 13 });
    await writer.stop();
    expect(run.dropped).toContain(partitionName('audit_log', old));
    expect(writer.errors).toEqual([]);
    expect(writer.writes).toBeGreaterThan(0);
  });

  it('drops a month of dashboard events past 13 months while views keep being recorded', async () => {
    await ensureReferenceData(handle.db);
    const partnerId = await newPartner(handle.db, { code: 'DROP' });
    const dashboardId = await newDashboard(handle.db, partnerId);
    const old = monthStart(NOW, -14);
    await makeMonthPartitions(handle.db, 'dashboard_activity_events', [old]);
    await sql`insert into dashboard_activity_events (event_id, dashboard_id, kind, occurred_at)
      select gen_random_uuid(), ${dashboardId}, 'VIEW', ${old}::timestamptz + make_interval(secs => g)
      from generate_series(1, 5000) g`.execute(handle.db);
    const window = acceptedWindow(NOW, 13);
    const writer = await startWriter(handle.db, (db, round) =>
      recordDashboardEvents(db, [event(uuid(1000 + round), dashboardId, NOW)], window),
    );
    const run = await maintainPartitions(handle.db, NOW, { audit_log: 84, dashboard_activity_events: 13 });
    await writer.stop();
    expect(run.dropped).toEqual([partitionName('dashboard_activity_events', old)]);
    expect(writer.errors).toEqual([]);
    const stored = await handle.db.selectFrom('dashboard_activity_events').select('event_id').execute();
    expect(stored).toHaveLength(writer.writes);
  });
});
