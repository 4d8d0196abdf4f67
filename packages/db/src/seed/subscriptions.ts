import type { Kysely } from 'kysely';
import { userExists } from '../authentication/users.js';
import { findCatalogPartner } from '../reports/report-catalog.js';
import { saveSubscription } from '../reports/subscriptions.js';
import type { Database } from '../schema.js';

/**
 * The partner persona follows BJ's settlement reports as they arrive (issue 28), so My Account
 * lists a subscription and a report uploaded for BJ's settlement mails them (data/mail by default).
 */
const PARTNER_PERSONA = 'partner@demo.portal';

export async function seedSubscriptions(db: Kysely<Database>): Promise<void> {
  const partner = await findCatalogPartner(db, 'EXT', 'BJS');
  if (!partner || !(await userExists(db, PARTNER_PERSONA))) return;
  await saveSubscription(
    db,
    { userId: PARTNER_PERSONA, partnerId: partner.partnerId, categoryCode: 'SETTLEMENT' },
    { delivery: 'AS_THEY_ARRIVE', digestTime: null, frequencyTypeCodes: [] },
  );
}
