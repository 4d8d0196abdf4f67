import { postgresPoolOf } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardLoader } from '../../src/dashboards/dashboard-loader.js';
import { type DashboardIds, seedDashboards } from './fixtures.js';

let t: TestApp;
let ids: DashboardIds;

beforeAll(async () => {
  t = await createTestApp();
  await seedPersonas(t.database.db);
  ids = await seedDashboards(t.database.db);
});
afterAll(async () => t?.close());

describe('dashboard loader', () => {
  it('reads the dashboards asked for in one turn with one statement, and a missing one as undefined', async () => {
    const pool = postgresPoolOf(t.database.db);
    expect(pool).toBeDefined();
    const query = vi.spyOn(pool!, 'query');
    const loader = dashboardLoader(t.database.db);
    const found = await Promise.all(
      [ids.bjsTableau, ids.othRStudio, 2_000_000_000, ids.bjsTableau].map((id) => loader.load(id)),
    );
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(found.map((d) => d && [d.dashboardId, d.partner.code])).toEqual([
      [ids.bjsTableau, 'BJS'],
      [ids.othRStudio, 'OTH'],
      undefined,
      [ids.bjsTableau, 'BJS'],
    ]);
  });

  it('keeps nothing between turns: a dashboard moved to another partner is read as it is now', async () => {
    const loader = dashboardLoader(t.database.db);
    expect((await loader.load(ids.bjsRStudio))?.partner.code).toBe('BJS');
    const oth = await t.database.db
      .selectFrom('partners')
      .select('partner_id')
      .where('code', '=', 'OTH')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('dashboards')
      .set({ partner_id: oth.partner_id })
      .where('dashboard_id', '=', ids.bjsRStudio)
      .execute();
    expect((await loader.load(ids.bjsRStudio))?.partner.code).toBe('OTH');
  });
});
