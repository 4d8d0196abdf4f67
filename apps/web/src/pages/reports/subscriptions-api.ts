import type { Subscription } from '@portal/domain/api/subscriptions';
import { ApiError } from '../../api/api.js';

// Report subscriptions (issue 28): the calls and the words the screens use for them.

const segment = encodeURIComponent;

export const subscriptionPaths = {
  mine: '/api/subscriptions',
  one: (subscriptionId: number) => `/api/subscriptions/${subscriptionId}`,
  category: (accessTypeCode: string, partnerCode: string, categoryCode: string) =>
    `/api/reports/${segment(accessTypeCode)}/${segment(partnerCode)}/${segment(categoryCode)}/subscription`,
  unsubscribeTarget: (token: string) => `/api/unsubscribe/${segment(token)}`,
  unsubscribe: (token: string) => `/unsubscribe/${segment(token)}`,
};

export type SubscriptionForm = {
  delivery: Subscription['delivery'];
  digestTime: string;
  frequencyTypeCodes: string[];
};

export const DEFAULT_DIGEST_TIME = '09:00';

export function formOf(subscription: Subscription | null): SubscriptionForm {
  return {
    delivery: subscription?.delivery ?? 'AS_THEY_ARRIVE',
    digestTime: subscription?.digestTime ?? DEFAULT_DIGEST_TIME,
    frequencyTypeCodes: subscription?.frequencyTypeCodes ?? [],
  };
}

/** "As they arrive" or "Daily digest at 09:00 ET", and which frequency types, by name. */
export function deliveryText(
  subscription: Pick<Subscription, 'delivery' | 'digestTime' | 'frequencyTypes'>,
): string {
  const how =
    subscription.delivery === 'DAILY_DIGEST'
      ? `Daily digest at ${subscription.digestTime} ET on business days`
      : 'As they arrive';
  const which =
    subscription.frequencyTypes.length === 0
      ? 'every frequency type'
      : subscription.frequencyTypes.map((type) => type.name).join(', ');
  return `${how}; ${which}`;
}

type ShownError = { field: string | null; message: string } | null;

/** A field's error goes once that field is changed (corrected or not: the next save judges it again). */
export function errorAfterChange(
  shown: ShownError,
  before: SubscriptionForm,
  after: SubscriptionForm,
): ShownError {
  // An error of no field (the server's) stays until the next save.
  if (shown === null || shown.field === null) return shown;
  const changed = (field: string) =>
    field === 'frequencyTypeCodes'
      ? before.frequencyTypeCodes.join() !== after.frequencyTypeCodes.join()
      : before[field as 'delivery' | 'digestTime'] !== after[field as 'delivery' | 'digestTime'];
  // Choosing another delivery takes the digest time's field away with its error.
  const gone = shown.field === 'digestTime' && after.delivery !== 'DAILY_DIGEST';
  return changed(shown.field) || gone ? null : shown;
}

/** The field a refused save names, and its message. */
export function fieldError(failure: unknown): { field: string | null; message: string } {
  if (failure instanceof ApiError) {
    const field = (failure.body as { field?: unknown } | null)?.field;
    return { field: typeof field === 'string' ? field : null, message: failure.message };
  }
  return { field: null, message: 'The request could not be completed. Please try again.' };
}
