import { type Dashboard, type Db, findDashboards } from '@portal/db';
import DataLoader from 'dataloader';

/**
 * Dashboards by id, with the lookups of calls handled in the same turn of the event loop read in
 * one statement. Every tracking call reads its dashboard, and at 1,000 calls a second one
 * statement each was a third of the round trips to Postgres (scripts/bench/activity.ts).
 * Nothing is cached: each batch reads afresh, so a dashboard moved or removed counts from the
 * next call on, as it did with one statement a call.
 */
export type DashboardLoader = DataLoader<number, Dashboard | undefined>;

const loaders = new WeakMap<Db, DashboardLoader>();

export function dashboardLoader(db: Db): DashboardLoader {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (ids) => {
        const found = new Map((await findDashboards(db, ids)).map((d) => [d.dashboardId, d]));
        return ids.map((id) => found.get(id));
      },
      // setImmediate rather than the next tick: calls whose session checks came back in the same
      // poll of the sockets share the statement.
      { cache: false, maxBatchSize: 200, batchScheduleFn: (run) => setImmediate(run) },
    );
    loaders.set(db, loader);
  }
  return loader;
}
