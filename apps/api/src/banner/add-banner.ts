import { createBanner } from '@portal/db';
import type { Clock, DbDeps } from '../lib/service-deps.js';
import { type BannerFields, changeBanner, validBanner } from './banner-change.js';

/** Creates a banner (active), audited in the same transaction. */
export async function addBanner(
  deps: DbDeps & { now: Clock },
  input: { actorUserId: string; body: BannerFields },
) {
  const values = await validBanner(deps.db, input.body);
  return changeBanner(deps, {
    actorUserId: input.actorUserId,
    action: 'banner.create',
    bannerId: null,
    write: (trx, now) => createBanner(trx, values, now),
  });
}
