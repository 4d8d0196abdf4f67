import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// Report subscriptions (issue 28): a person follows a partner's report category by mail.

export const SubscriptionDelivery = Type.Union([
  Type.Literal('AS_THEY_ARRIVE'),
  Type.Literal('DAILY_DIGEST'),
]);

/** What a client sends to follow a category or change how a follow is delivered. */
export const SubscriptionBody = Type.Object({
  delivery: Type.Optional(Type.Unknown()),
  /** 'HH:MM', Eastern time; a digest only. */
  digestTime: Type.Optional(Type.Unknown()),
  /** Empty or absent: every frequency type of the category. */
  frequencyTypeCodes: Type.Optional(Type.Unknown()),
});
export type SubscriptionBody = Static<typeof SubscriptionBody>;

export const Subscription = Type.Object({
  subscriptionId: Type.Integer(),
  accessTypeCode: Type.String(),
  partnerCode: Type.String(),
  partnerName: Type.String(),
  categoryCode: Type.String(),
  categoryName: Type.String(),
  frequencyTypeCodes: Type.Array(Type.String()),
  /** The chosen frequency types with their names (none chosen: every one of the category). */
  frequencyTypes: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  delivery: SubscriptionDelivery,
  digestTime: Nullable(Type.String()),
  /** Why nothing was sent at the last window, when access was lost; null while it is sent. */
  pausedReason: Nullable(Type.String()),
  lastSentAt: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Reports heard and not yet mailed. */
  pendingReports: Type.Integer(),
});
export type Subscription = Static<typeof Subscription>;

export const SubscriptionsReply = Type.Object({ subscriptions: Type.Array(Subscription) });
export type SubscriptionsReply = Static<typeof SubscriptionsReply>;

/** A category's subscription of the signed-in user: null when they do not follow it. */
export const CategorySubscriptionReply = Type.Object({ subscription: Nullable(Subscription) });
export type CategorySubscriptionReply = Static<typeof CategorySubscriptionReply>;

/**
 * What an unsubscribe link would end (the confirmation page shows it), or that it is used up: a 200
 * either way, so the page reads no 404 (a console error in the browser), as the invitation page does.
 */
export const UnsubscribeTarget = Type.Union([
  Type.Object({ status: Type.Literal('active'), partnerName: Type.String(), categoryName: Type.String() }),
  Type.Object({ status: Type.Literal('gone'), message: Type.String() }),
]);
export type UnsubscribeTarget = Static<typeof UnsubscribeTarget>;
