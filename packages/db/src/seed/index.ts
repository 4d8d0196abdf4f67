import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { seedContent } from './content.js';
import { seedForms } from './forms.js';
import { seedUsers } from './people.js';
import { seedReferenceData } from './reference-data.js';
import { type ReportFileWriter, seedReports } from './reports.js';
import { seedSubscriptions } from './subscriptions.js';
import { seedTenants } from './tenants.js';

export { demoDashboards } from './content.js';
export { DEV_SSO_PROVIDER, demoUsers } from './people.js';
export { planReports } from './report-files.js';
export type { ReportFileWriter } from './reports.js';

export const DEMO_SEED_NAME = 'demo-v1';
export const DEMO_FORMS_SEED_NAME = 'demo-forms-v1';
export const DEMO_SUBSCRIPTIONS_SEED_NAME = 'demo-subscriptions-v1';

export type SeedOptions = {
  /** Report files are dated over the 90 days before this day; now by default. */
  today?: Date;
};

export type SeedResult = { applied: boolean; reports: number };

/**
 * Loads the demo data once. The run is recorded in seed_runs within the same transaction, so a
 * second run (or one racing it) does nothing; every insert also skips rows that exist already,
 * so nothing a user has changed is overwritten.
 */
export async function seedDemo(
  db: Kysely<Database>,
  files: ReportFileWriter,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const today = options.today ?? new Date();
  return db.transaction().execute(async (trx) => {
    const claim = async (name: string) =>
      (await trx
        .insertInto('seed_runs')
        .values({ name })
        .onConflict((oc) => oc.doNothing())
        .returning('name')
        .executeTakeFirst()) !== undefined;
    // The forms' demo data has its own claim, so a data folder seeded before it existed gets it too.
    const formsApplied = await claim(DEMO_FORMS_SEED_NAME);
    if (formsApplied) await seedForms(trx, files, today);
    const demoApplied = await claim(DEMO_SEED_NAME);
    let reports = 0;
    if (demoApplied) {
      const partnerIds = await seedReferenceData(trx, today);
      await seedUsers(trx, today);
      await seedTenants(trx, today);
      await seedContent(trx, partnerIds, today);
      reports = await seedReports(trx, partnerIds, files, today);
    }
    // Its own claim too: a data folder seeded before subscriptions existed gets the demo follow.
    const subscriptionsApplied = await claim(DEMO_SUBSCRIPTIONS_SEED_NAME);
    if (subscriptionsApplied) await seedSubscriptions(trx);
    return { applied: formsApplied || demoApplied || subscriptionsApplied, reports };
  });
}
