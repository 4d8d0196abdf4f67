import { ASSIGNABLE_FEATURES, type Feature } from './features.js';

// Who may hold which feature at all (README, Notes on the spec). The administration of partners,
// report categories (with their alerts, frequency types and datasets) and dashboards shapes what
// EVERY partner sees: a category's owner e-mails receive other partners' missing-report alerts, a
// dashboard URL decides which content the proxy lets a partner's users fetch. Those stay with the
// card issuer's own people (internal users) and its integrations (service accounts, created by
// internal admins). Marketing images and logos, and a tenant's own users, are a partner's own
// business: an external user may manage them for the partners they may access.

export type FeatureHolder = 'internal-user' | 'external-user' | 'service-account';

/** Features only internal users and service accounts may hold. */
export const INTERNAL_ONLY_FEATURES: readonly Feature[] = [
  'MANAGE_PARTNERS',
  'MANAGE_REPORT_CATEGORIES',
  'MANAGE_DASHBOARDS',
];

export const FEATURE_NOT_FOR_HOLDER: Record<
  Exclude<FeatureHolder, 'internal-user'>,
  (f: string) => string
> = {
  'external-user': (feature) => `The ${feature} feature cannot be given to an external user.`,
  'service-account': (feature) => `The ${feature} feature cannot be given to a service account.`,
};

export function featureHolderOf(user: { isExternalUser: boolean | null; isServiceAccount: boolean }) {
  if (user.isServiceAccount) return 'service-account' as const;
  return user.isExternalUser === false ? ('internal-user' as const) : ('external-user' as const);
}

/** May this kind of account be given this feature? */
export function mayHoldFeature(holder: FeatureHolder, feature: string): boolean {
  if (!(ASSIGNABLE_FEATURES as readonly string[]).includes(feature)) return false;
  // A leaked token or an external account must never open every admin page.
  if (feature === 'INTERNAL_ADMIN') return holder === 'internal-user';
  if ((INTERNAL_ONLY_FEATURES as readonly string[]).includes(feature)) return holder !== 'external-user';
  return true;
}

/** The features of `features` this kind of account may not hold, in the order given. */
export function refusedFeatures(holder: FeatureHolder, features: readonly string[]): string[] {
  return features.filter((feature) => !mayHoldFeature(holder, feature));
}

/** Every feature an administrator may give this kind of account. */
export function holdableFeatures(holder: FeatureHolder): Feature[] {
  return ASSIGNABLE_FEATURES.filter((feature) => mayHoldFeature(holder, feature));
}
