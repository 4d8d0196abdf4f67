import { disableBanner as disableBannerRow } from '@portal/db';
import type { Clock, DbDeps } from '../lib/service-deps.js';
import { changeBanner } from './banner-change.js';

/** Disables a banner, audited in the same transaction. */
export async function disableBanner(
  deps: DbDeps & { now: Clock },
  { actorUserId, bannerId }: { actorUserId: string; bannerId: number },
) {
  return changeBanner(deps, {
    actorUserId,
    action: 'banner.disable',
    bannerId,
    write: (trx, now) => disableBannerRow(trx, bannerId, now),
  });
}
