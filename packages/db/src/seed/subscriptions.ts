import type { Kysely } from 'kysely';
import { saveSubscription } from '../reports/subscriptions.js';
import type { Database } from '../schema.js';

/**
 * The partner persona follows BJ's settlement reports as they arrive (issue 28), so My Account
 * lists a subscription and a report uploaded for BJ's settlement mails them (data/mail by default).
 */
export async function seedSubscriptions(db: Kysely<Database>): Promise<void> {
  const partner = await db
    .selectFrom('partners')
    .select('partner_id')
    .where('access_type_code', '=', 'EXT')
    .where('code', '=', 'BJS')
    .executeTakeFirst();
  const user = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', 'partner@demo.portal')
    .executeTakeFirst();
  if (!partner || !user) return;
  await saveSubscription(
    db,
    { userId: user.user_id, partnerId: partner.partner_id, categoryCode: 'SETTLEMENT' },
    { delivery: 'AS_THEY_ARRIVE', digestTime: null, frequencyTypeCodes: [] },
  );
}
