import type { Database } from '@portal/db';
import { type Banner, type BannerInput, bannerTypeExists, type Db, findBanner, writeAudit } from '@portal/db';
import { bannerProblems } from '@portal/domain';
import type { Transaction } from 'kysely';
import { badRequest, notFound } from '../lib/http/errors.js';
import { throwFirstProblem } from '../lib/http/field-errors.js';
import type { Clock, DbDeps } from '../lib/service-deps.js';

export const BANNER_NOT_FOUND = 'The banner was not found.';
const UNKNOWN_TYPE = 'Please choose a banner type from the list.';

export type BannerFields = {
  bannerMessage: string;
  bannerType: string;
  timeToLive?: number | null | undefined;
};

/** The banner form's rules (SPEC.md §5 Banner), and a type from the list. */
export async function validBanner(db: Db, body: BannerFields): Promise<BannerInput> {
  const input = {
    bannerMessage: body.bannerMessage.trim(),
    bannerType: body.bannerType.trim(),
    timeToLive: body.timeToLive ?? null,
  };
  throwFirstProblem(bannerProblems(input));
  if (!(await bannerTypeExists(db, input.bannerType))) {
    throw badRequest(UNKNOWN_TYPE, { field: 'bannerType' });
  }
  return input;
}

/** One banner change and its audit entry, in one transaction; `now` is when it took effect. */
export async function changeBanner(
  { db, now: clock }: DbDeps & { now: Clock },
  change: {
    actorUserId: string;
    action: string;
    bannerId: number | null;
    write: (trx: Transaction<Database>, now: Date) => Promise<Banner | undefined>;
  },
): Promise<{ banner: Banner; now: Date }> {
  const now = clock();
  const banner = await db.transaction().execute(async (trx) => {
    const before = change.bannerId === null ? undefined : await findBanner(trx, change.bannerId);
    const after = await change.write(trx, now);
    if (!after) throw notFound(BANNER_NOT_FOUND);
    await writeAudit(trx, {
      actorUserId: change.actorUserId,
      action: change.action,
      entityType: 'banner',
      entityId: String(after.bannerId),
      before,
      after,
    });
    return after;
  });
  return { banner, now };
}
