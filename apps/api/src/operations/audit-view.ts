import type { ServiceAccount } from '@portal/db';

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the audit log keeps of an account: its rights and state, never token secrets. */
export const serviceAccountAuditView = (a: ServiceAccount) => ({
  name: a.name,
  features: a.features,
  partnerAccess: a.partnerGrants,
  disabledAt: iso(a.disabledAt),
});
