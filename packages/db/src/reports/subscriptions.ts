import { randomBytes } from 'node:crypto';
import { SUBSCRIBED_EVENT_TYPES } from '@portal/domain/reports/report-events';
import type { SubscriptionDelivery } from '@portal/domain/reports/subscription';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';
import { withPartnerAndCategoryNames } from '../partner-category-names.js';

// People's report subscriptions (issue 28): who follows which partner's report category, and the
// events each has heard and not yet mailed. The workers add events as they are announced and take
// a subscription's pending events away in the transaction that writes its mail.

export type Subscription = {
  subscriptionId: number;
  userId: string;
  partnerId: number;
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypeCodes: string[];
  /** The chosen frequency types with their names, by code: what the screens show. */
  frequencyTypes: { code: string; name: string }[];
  delivery: SubscriptionDelivery;
  digestTime: string | null;
  pausedReason: string | null;
  lastSentAt: Date | null;
  createdAt: Date;
  pendingReports: number;
};

function selectSubscriptions(db: Db) {
  return db
    .selectFrom('report_subscriptions as s')
    .$call((query) => withPartnerAndCategoryNames(query, 's'))
    .select((eb) => [
      's.subscription_id as subscriptionId',
      's.user_id as userId',
      's.partner_id as partnerId',
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
      's.category_code as categoryCode',
      's.frequency_type_codes as frequencyTypeCodes',
      jsonArrayFrom(
        eb
          .selectFrom('frequency_types as f')
          .select(['f.code', 'f.name'])
          .where('f.code', '=', sql<string>`any(s.frequency_type_codes)`)
          .orderBy('f.code'),
      ).as('frequencyTypes'),
      's.delivery',
      's.digest_time as digestTime',
      's.paused_reason as pausedReason',
      's.last_sent_at as lastSentAt',
      's.created_at as createdAt',
      eb
        .selectFrom('report_subscription_items as i')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('i.subscription_id', '=', 's.subscription_id')
        .as('pending'),
    ]);
}

type SubscriptionRow = Omit<Subscription, 'pendingReports'> & { pending: string | null };
const shape = ({ pending, ...row }: SubscriptionRow): Subscription => ({
  ...row,
  pendingReports: Number(pending ?? 0),
});

/** A user's subscriptions, by partner and category name. */
export async function listSubscriptionsOf(db: Db, userId: string): Promise<Subscription[]> {
  const rows = await selectSubscriptions(db)
    .where('s.user_id', '=', userId)
    .orderBy('p.name')
    .orderBy('c.name')
    .execute();
  return rows.map(shape);
}

export async function findSubscription(db: Db, subscriptionId: number): Promise<Subscription | undefined> {
  const row = await selectSubscriptions(db)
    .where('s.subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  return row && shape(row);
}

export async function findSubscriptionFor(
  db: Db,
  target: { userId: string; partnerId: number; categoryCode: string },
): Promise<Subscription | undefined> {
  const row = await selectSubscriptions(db)
    .where('s.user_id', '=', target.userId)
    .where('s.partner_id', '=', target.partnerId)
    .where('s.category_code', '=', target.categoryCode)
    .executeTakeFirst();
  return row && shape(row);
}

/** Whether the user follows the partner's category: one row looked at, for the reports page's button. */
export async function isFollowing(
  db: Db,
  target: { userId: string; partnerId: number; categoryCode: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('report_subscriptions')
    .select('subscription_id')
    .where('user_id', '=', target.userId)
    .where('partner_id', '=', target.partnerId)
    .where('category_code', '=', target.categoryCode)
    .executeTakeFirst();
  return row !== undefined;
}

export type SubscriptionSettings = {
  frequencyTypeCodes: string[];
  delivery: SubscriptionDelivery;
  digestTime: string | null;
};

/** Follows a category, or changes how an existing follow is delivered; a pause is lifted. */
export async function saveSubscription(
  db: Db,
  target: { userId: string; partnerId: number; categoryCode: string },
  settings: SubscriptionSettings,
): Promise<number> {
  const values = {
    frequency_type_codes: settings.frequencyTypeCodes,
    delivery: settings.delivery,
    digest_time: settings.digestTime,
    paused_reason: null,
    updated_at: sql<Date>`now()`,
  };
  const row = await db
    .insertInto('report_subscriptions')
    .values({
      user_id: target.userId,
      partner_id: target.partnerId,
      category_code: target.categoryCode,
      unsubscribe_token: randomBytes(24).toString('base64url'),
      ...values,
    })
    .onConflict((oc) => oc.columns(['user_id', 'partner_id', 'category_code']).doUpdateSet(values))
    .returning('subscription_id')
    .executeTakeFirstOrThrow();
  return row.subscription_id;
}

/** Ends a user's own subscription; false when it is not theirs or not there. */
export async function deleteSubscription(db: Db, userId: string, subscriptionId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('report_subscriptions')
    .where('subscription_id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export type UnsubscribeTarget = { subscriptionId: number; partnerName: string; categoryName: string };

/** What an unsubscribe link would end, without ending it (the page a GET shows). */
export async function findByUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeTarget | undefined> {
  return db
    .selectFrom('report_subscriptions as s')
    .$call((query) => withPartnerAndCategoryNames(query, 's'))
    .select('s.subscription_id as subscriptionId')
    .where('s.unsubscribe_token', '=', token)
    .executeTakeFirst();
}

/** Ends the one subscription of this link, and nothing else; undefined once it is gone. */
export async function unsubscribeByToken(db: Db, token: string): Promise<UnsubscribeTarget | undefined> {
  return db
    .with('gone', (w) =>
      w
        .deleteFrom('report_subscriptions')
        .where('unsubscribe_token', '=', token)
        .returning(['subscription_id', 'partner_id', 'category_code']),
    )
    .selectFrom('gone')
    .$call((query) => withPartnerAndCategoryNames(query, 'gone'))
    .select('gone.subscription_id as subscriptionId')
    .executeTakeFirst();
}

/**
 * Adds announced events to the subscriptions that hear them (their partner and category, and one
 * of their frequency types if they chose some). An event added twice is added once.
 */
export async function addSubscriptionItems(
  db: Db,
  eventIds: readonly string[],
  traceparent: string | null = null,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const result = await db
    .insertInto('report_subscription_items')
    .columns(['subscription_id', 'event_id', 'traceparent'])
    .expression((eb) =>
      eb
        .selectFrom('report_events as e')
        .innerJoin('report_subscriptions as s', (join) =>
          join.onRef('s.partner_id', '=', 'e.partner_id').onRef('s.category_code', '=', 'e.category_code'),
        )
        .select([
          's.subscription_id',
          'e.event_id',
          sql<string | null>`${traceparent}::text`.as('traceparent'),
        ])
        .where('e.event_id', 'in', [...eventIds])
        .where('e.event_type', 'in', [...SUBSCRIBED_EVENT_TYPES])
        .where((w) =>
          w.or([
            w(sql`cardinality(s.frequency_type_codes)`, '=', 0),
            w('e.frequency_type_code', '=', sql<string>`any(s.frequency_type_codes)`),
          ]),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export type PendingSubscriptionRow = {
  subscriptionId: number;
  delivery: SubscriptionDelivery;
  digestTime: string | null;
  firstPendingAt: Date;
  /** The trace its first pending report was handed out in (null without tracing). */
  traceparent: string | null;
};

/** Every subscription with events not yet mailed, with when the first of them came. */
export async function listPendingSubscriptions(db: Db): Promise<PendingSubscriptionRow[]> {
  return db
    .selectFrom('report_subscription_items as i')
    .innerJoin('report_subscriptions as s', 's.subscription_id', 'i.subscription_id')
    .select((eb) => [
      's.subscription_id as subscriptionId',
      's.delivery',
      's.digest_time as digestTime',
      eb.fn.min('i.added_at').as('firstPendingAt'),
      sql<string | null>`(array_agg(i.traceparent order by i.added_at))[1]`.as('traceparent'),
    ])
    .groupBy(['s.subscription_id', 's.delivery', 's.digest_time'])
    .execute() as Promise<PendingSubscriptionRow[]>;
}

export type ClaimedSubscription = {
  subscriptionId: number;
  userId: string;
  email: string;
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  unsubscribeToken: string;
  reports: {
    eventId: string;
    eventType: string;
    fileName: string | null;
    reportDate: string | null;
    frequencyTypeCode: string | null;
    /** The frequency type's name, for the mail; null when the type is gone. */
    frequencyTypeName: string | null;
  }[];
};

/**
 * Takes a subscription's pending events away, locking it so that no other worker mails them too
 * (one already locked is skipped: it is being sent). Run it in the transaction that writes the mail.
 */
export async function claimPendingItems(
  db: Db,
  subscriptionId: number,
): Promise<ClaimedSubscription | undefined> {
  const subscription = await db
    .selectFrom('report_subscriptions as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .$call((query) => withPartnerAndCategoryNames(query, 's'))
    .select([
      's.subscription_id as subscriptionId',
      's.user_id as userId',
      'u.email',
      'p.access_type_code as accessTypeCode',
      'p.code as partnerCode',
      's.category_code as categoryCode',
      's.unsubscribe_token as unsubscribeToken',
    ])
    .where('s.subscription_id', '=', subscriptionId)
    .forUpdate('s')
    .skipLocked()
    .executeTakeFirst();
  if (!subscription) return undefined;
  const taken = await db
    .deleteFrom('report_subscription_items')
    .where('subscription_id', '=', subscriptionId)
    .returning('event_id')
    .execute();
  if (taken.length === 0) return undefined;
  const reports = await db
    .selectFrom('report_events as e')
    .leftJoin('frequency_types as f', 'f.code', 'e.frequency_type_code')
    .select([
      'e.event_id as eventId',
      'e.event_type as eventType',
      'e.file_name as fileName',
      'e.report_date as reportDate',
      'e.frequency_type_code as frequencyTypeCode',
      'f.name as frequencyTypeName',
    ])
    .where(
      'e.event_id',
      'in',
      taken.map((row) => row.event_id),
    )
    .orderBy('e.occurred_at')
    .orderBy('e.event_id')
    .execute();
  return { ...subscription, reports };
}

/** Whether the partner still offers the category (a category taken away pauses its followers). */
export async function partnerOffersCategory(
  db: Db,
  target: { accessTypeCode: string; partnerCode: string; categoryCode: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('partner_categories as pc')
    .innerJoin('partners as p', 'p.partner_id', 'pc.partner_id')
    .select('pc.category_code')
    .where('p.access_type_code', '=', target.accessTypeCode)
    .where('p.code', '=', target.partnerCode)
    .where('pc.category_code', '=', target.categoryCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the outcome of a send: mailed (the pause lifted) or paused with the reason. */
export async function markSubscriptionSent(
  db: Db,
  subscriptionId: number,
  outcome: { sentAt: Date } | { pausedReason: string },
): Promise<void> {
  await db
    .updateTable('report_subscriptions')
    .set(
      'sentAt' in outcome
        ? { last_sent_at: outcome.sentAt, paused_reason: null }
        : { paused_reason: outcome.pausedReason },
    )
    .where('subscription_id', '=', subscriptionId)
    .execute();
}
