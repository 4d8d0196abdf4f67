import type { Database } from '@portal/db';
import { createServiceAccount, issueServiceAccountToken } from '@portal/db';
import type { Feature } from '@portal/domain';
import type { Kysely } from 'kysely';

// The persona "manager scoped to one partner" (issue 11): a service account (an internal
// account, so it may hold every MANAGE_ feature, see feature-holders.ts) managing partners,
// report categories, dashboards and marketing content of EXT/BJS only.

export const PARTNER_MANAGER = {
  userId: 'svc-bjs-manager',
  features: [
    'MANAGE_PARTNERS',
    'MANAGE_REPORT_CATEGORIES',
    'MANAGE_DASHBOARDS',
    'MANAGE_MARKETING_CONTENT',
  ] as Feature[],
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
};

/** Creates the persona; returns the headers that sign it in (its bearer token). */
export async function createPartnerManager(db: Kysely<Database>): Promise<Record<string, string>> {
  await createServiceAccount(db, { ...PARTNER_MANAGER, name: 'BJS manager' });
  const { token } = await issueServiceAccountToken(db, {
    userId: PARTNER_MANAGER.userId,
    name: 'test',
    days: 1,
  });
  return { authorization: `Bearer ${token}` };
}
