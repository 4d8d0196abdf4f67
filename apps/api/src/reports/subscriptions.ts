import {
  deleteSubscription,
  findByUnsubscribeToken,
  findSubscription,
  findSubscriptionFor,
  listSubscriptionsOf,
  type Subscription as SubscriptionRow,
  saveSubscription,
  unsubscribeByToken,
  writeAudit,
} from '@portal/db';
import type { Subscription, UnsubscribeTarget } from '@portal/domain/api/subscriptions';
import {
  normalizeSubscription,
  type SubscriptionInput,
  subscriptionProblems,
} from '@portal/domain/reports/subscription';
import { forbidden, notFound } from '../lib/http/errors.js';
import { throwFirstProblem } from '../lib/http/field-errors.js';
import type { AuthenticatedUser } from '../lib/http/principal.js';
import type { DbDeps } from '../lib/service-deps.js';
import { partnerCategory } from './reports-page.js';

// Report subscriptions (issue 28): a person follows a partner's report category by mail. The
// routes have checked VIEW_REPORTS and the partner; a follow is the user's own, and only theirs
// is ever read, changed or ended by id.

export const SUBSCRIPTION_NOT_FOUND = 'The subscription was not found.';
export const UNSUBSCRIBE_LINK_USED =
  'This unsubscribe link has already been used, or the subscription no longer exists.';
export const SERVICE_ACCOUNTS_USE_WEBHOOKS =
  'A service account is told of new reports by webhooks, not by mail.';

type Selected = { accessTypeCode: string; partnerCode: string; reportCategoryCode: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const subscriptionView = ({
  userId: _userId,
  partnerId: _partnerId,
  ...row
}: SubscriptionRow): Subscription => ({
  ...row,
  lastSentAt: iso(row.lastSentAt),
  createdAt: row.createdAt.toISOString(),
});

export async function listMySubscriptions({ db }: DbDeps, user: AuthenticatedUser) {
  return { subscriptions: (await listSubscriptionsOf(db, user.userId)).map(subscriptionView) };
}

export async function mySubscriptionOf({ db }: DbDeps, user: AuthenticatedUser, selected: Selected) {
  const { partner, category } = await partnerCategory(db, selected);
  const found = await findSubscriptionFor(db, {
    userId: user.userId,
    partnerId: partner.partnerId,
    categoryCode: category.code,
  });
  return { subscription: found ? subscriptionView(found) : null };
}

function checkedInput(body: Record<string, unknown>, frequencyTypes: readonly string[]): SubscriptionInput {
  throwFirstProblem(subscriptionProblems(body, frequencyTypes));
  return normalizeSubscription({
    delivery: body.delivery as SubscriptionInput['delivery'],
    digestTime: typeof body.digestTime === 'string' ? body.digestTime : null,
    frequencyTypeCodes: (body.frequencyTypeCodes as string[] | undefined) ?? [],
  });
}

/** Follows a category (or changes how), audited; answers the subscription as stored. */
export async function followCategory(
  { db }: DbDeps,
  user: AuthenticatedUser,
  selected: Selected,
  body: Record<string, unknown>,
) {
  if (user.isServiceAccount) throw forbidden(SERVICE_ACCOUNTS_USE_WEBHOOKS);
  const { partner, category } = await partnerCategory(db, selected);
  const input = checkedInput(
    body,
    category.frequencyTypes.map((type) => type.code),
  );
  const subscriptionId = await db.transaction().execute(async (trx) => {
    const id = await saveSubscription(
      trx,
      { userId: user.userId, partnerId: partner.partnerId, categoryCode: category.code },
      input,
    );
    await writeAudit(trx, {
      actorUserId: user.userId,
      action: 'SUBSCRIPTION_SAVE',
      entityType: 'report_subscription',
      entityId: String(id),
      after: {
        accessTypeCode: partner.type,
        partnerCode: partner.code,
        categoryCode: category.code,
        ...input,
      },
    });
    return id;
  });
  return { subscription: subscriptionView((await findSubscription(db, subscriptionId))!) };
}

/** Changes one of the user's own subscriptions, from My Account. */
export async function editSubscription(
  { db }: DbDeps,
  user: AuthenticatedUser,
  subscriptionId: number,
  body: Record<string, unknown>,
) {
  const found = await findSubscription(db, subscriptionId);
  if (!found || found.userId !== user.userId) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return followCategory(
    { db },
    user,
    {
      accessTypeCode: found.accessTypeCode,
      partnerCode: found.partnerCode,
      reportCategoryCode: found.categoryCode,
    },
    body,
  );
}

/** Ends one of the user's own subscriptions, and says which it was. */
export async function unfollow({ db }: DbDeps, user: AuthenticatedUser, subscriptionId: number) {
  const ended = await db.transaction().execute(async (trx) => {
    const found = await findSubscription(trx, subscriptionId);
    if (
      !found ||
      found.userId !== user.userId ||
      !(await deleteSubscription(trx, user.userId, subscriptionId))
    )
      throw notFound(SUBSCRIPTION_NOT_FOUND);
    await writeAudit(trx, {
      actorUserId: user.userId,
      action: 'SUBSCRIPTION_DELETE',
      entityType: 'report_subscription',
      entityId: String(subscriptionId),
    });
    return found;
  });
  return { message: unfollowedMessage(ended) };
}

export const unfollowedMessage = (ended: { categoryName: string; partnerName: string }) =>
  `You no longer follow ${ended.categoryName} for ${ended.partnerName}.`;

/** Ends the follow of a category page's own subscription. */
export async function unfollowCategory({ db }: DbDeps, user: AuthenticatedUser, selected: Selected) {
  const { subscription } = await mySubscriptionOf({ db }, user, selected);
  if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return unfollow({ db }, user, subscription.subscriptionId);
}

/** What an unsubscribe link would end: the confirmation page a GET of the link shows. */
export async function unsubscribeTarget({ db }: DbDeps, token: string): Promise<UnsubscribeTarget> {
  const target = await findByUnsubscribeToken(db, token);
  if (!target) return { status: 'gone', message: UNSUBSCRIBE_LINK_USED };
  return { status: 'active', partnerName: target.partnerName, categoryName: target.categoryName };
}

/** RFC 8058 one-click unsubscribe: ends the link's one subscription, needs no session, does nothing else. */
export async function unsubscribe({ db }: DbDeps, token: string) {
  const gone = await db.transaction().execute(async (trx) => {
    const target = await unsubscribeByToken(trx, token);
    if (target) {
      await writeAudit(trx, {
        actorUserId: null,
        action: 'SUBSCRIPTION_UNSUBSCRIBE',
        entityType: 'report_subscription',
        entityId: String(target.subscriptionId),
      });
    }
    return target;
  });
  if (!gone) throw notFound(UNSUBSCRIBE_LINK_USED);
  return { message: `You will no longer get mail about ${gone.categoryName} for ${gone.partnerName}.` };
}
