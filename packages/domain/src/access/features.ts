// SPEC.md §6. Both readings of the feature list are kept: the second one simply lacks
// DELETE_REPORTS and VIEW_ALL_DASHBOARDS, which stay valid here.
export const FEATURES = [
  'INTERNAL_ADMIN',
  'VIEW_REPORTS',
  'DELETE_REPORTS',
  'MANAGE_REPORT_CATEGORIES',
  'VIEW_TS_DASHBOARDS',
  'VIEW_ALL_DASHBOARDS',
  'MANAGE_DASHBOARDS',
  'MANAGE_PARTNERS',
  'MANAGE_EXTERNAL_USERS',
  'MANAGE_MARKETING_CONTENT',
  'INTERNAL_OPERATIONS_TEAM',
  'NO_FEATURE_REQUIRED',
  'UNKNOWN_FEATURE_REQUIRED',
] as const;

export type Feature = (typeof FEATURES)[number];

/** Features an administrator may grant to a user or service account. */
export const ASSIGNABLE_FEATURES: readonly Feature[] = FEATURES.filter(
  (feature) => feature !== 'NO_FEATURE_REQUIRED' && feature !== 'UNKNOWN_FEATURE_REQUIRED',
);

export function isFeature(value: unknown): value is Feature {
  return (FEATURES as readonly unknown[]).includes(value);
}
