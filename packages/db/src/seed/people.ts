import { featureHolderOf, refusedFeatures } from '@portal/domain/access/feature-holders';
import type { Feature } from '@portal/domain/access/features';
import { demoAccounts } from '@portal/domain/authentication/demo-accounts';
import type { PartnerRef } from './catalog.js';
import type { Db } from './reference-data.js';

export const DEV_SSO_PROVIDER = 'dev-sso';

type DemoUser = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  isExternalUser: boolean;
  isInternalAdmin?: boolean;
  features: Feature[];
  partnerAccess: PartnerRef[];
  /** Has a dev-sso identity: one of the demo personas. */
  signsIn: boolean;
};

// What each demo persona may do; names and emails come from the shared persona list.
const personaRights: Record<
  string,
  Pick<DemoUser, 'isExternalUser' | 'isInternalAdmin' | 'features' | 'partnerAccess'>
> = {
  E100001: { isExternalUser: false, isInternalAdmin: true, features: [], partnerAccess: [] },
  E100002: { isExternalUser: false, features: ['INTERNAL_OPERATIONS_TEAM'], partnerAccess: [] },
  E100003: { isExternalUser: false, features: [], partnerAccess: [] },
  'partner@demo.portal': {
    isExternalUser: true,
    features: ['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS', 'VIEW_ALL_DASHBOARDS'],
    partnerAccess: [
      { accessTypeCode: 'EXT', partnerCode: 'BJS' },
      { accessTypeCode: 'EXT', partnerCode: 'SAM' },
    ],
  },
  'dashboards@demo.portal': {
    isExternalUser: true,
    features: ['VIEW_TS_DASHBOARDS', 'VIEW_ALL_DASHBOARDS'],
    partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'WSI' }],
  },
  'tenant-admin@demo.portal': {
    isExternalUser: true,
    features: ['MANAGE_EXTERNAL_USERS'],
    partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  },
};

const otherExternalUsers: DemoUser[] = [
  {
    userId: 'j.rivera@bjs.example',
    firstName: 'Jamie',
    lastName: 'Rivera',
    email: 'j.rivera@bjs.example',
    isExternalUser: true,
    features: ['VIEW_REPORTS'],
    partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    signsIn: false,
  },
  {
    userId: 'k.chen@samsclub.example',
    firstName: 'Kai',
    lastName: 'Chen',
    email: 'k.chen@samsclub.example',
    isExternalUser: true,
    features: ['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS'],
    partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'SAM' }],
    signsIn: false,
  },
  {
    userId: 'm.patel@wsi.example',
    firstName: 'Mira',
    lastName: 'Patel',
    email: 'm.patel@wsi.example',
    isExternalUser: true,
    features: ['VIEW_ALL_DASHBOARDS'],
    partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'WSI' }],
    signsIn: false,
  },
];

export const demoUsers: DemoUser[] = [
  ...demoAccounts.map((account) => {
    const rights = personaRights[account.login];
    if (!rights) throw new Error(`No demo rights for persona ${account.login}`);
    return {
      userId: account.login,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      signsIn: true,
      ...rights,
    };
  }),
  ...otherExternalUsers,
];

export async function seedUsers(db: Db, now: Date): Promise<void> {
  // The demo data follows the same rule as the admin forms (feature-holders.ts).
  for (const u of demoUsers) {
    const refused = refusedFeatures(featureHolderOf({ ...u, isServiceAccount: false }), u.features);
    if (refused.length > 0) throw new Error(`Demo user ${u.userId} cannot hold ${refused.join(', ')}`);
  }
  await db
    .insertInto('users')
    .values(
      demoUsers.map((u) => ({
        user_id: u.userId,
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        is_external_user: u.isExternalUser,
        is_internal_admin: u.isInternalAdmin ?? false,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const features = demoUsers.flatMap((u) => u.features.map((feature) => ({ user_id: u.userId, feature })));
  if (features.length)
    await db
      .insertInto('user_features')
      .values(features)
      .onConflict((oc) => oc.doNothing())
      .execute();
  const access = demoUsers.flatMap((u) =>
    u.partnerAccess.map((p) => ({
      user_id: u.userId,
      access_type_code: p.accessTypeCode,
      partner_code: p.partnerCode,
    })),
  );
  await db
    .insertInto('user_partner_access')
    .values(access)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('user_identities')
    .values(
      demoUsers
        .filter((u) => u.signsIn)
        .map((u) => ({ provider: DEV_SSO_PROVIDER, subject: u.userId, user_id: u.userId })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
