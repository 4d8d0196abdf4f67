import { updateBanner } from '@portal/db';
import { badRequest } from '../lib/http/errors.js';
import type { Clock, DbDeps } from '../lib/service-deps.js';
import { type BannerFields, changeBanner, validBanner } from './banner-change.js';

/** Edits a banner: it becomes active, its time to live counting from now; audited. */
export async function editBanner(
  deps: DbDeps & { now: Clock },
  input: { actorUserId: string; bannerId: number; body: BannerFields & { bannerId?: number | undefined } },
) {
  const { bannerId } = input;
  if (input.body.bannerId !== undefined && input.body.bannerId !== bannerId) {
    throw badRequest('The bannerId of the body differs from the one of the path.');
  }
  const values = await validBanner(deps.db, input.body);
  return changeBanner(deps, {
    actorUserId: input.actorUserId,
    action: 'banner.update',
    bannerId,
    write: (trx, now) => updateBanner(trx, bannerId, values, now),
  });
}
