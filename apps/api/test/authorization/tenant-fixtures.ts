import type { Database } from '@portal/db';
import { addTenantMember, insertInvitation } from '@portal/db';
import { encodeBase64Email } from '@portal/domain';
import type { Kysely } from 'kysely';

// What the SaaS user rows act on: tenant saas-mxa, whose member the tenant persona
// (tenant-admin@demo.portal) administers as Partner Manager, and tenant saas-mxb, which it does not.

export type TenantMatrixIds = {
  tenantA: string;
  tenantB: string;
  userToEdit: string;
  userToDelete: string;
  invitationToDelete: string;
  /** Pending throughout the matrix: resent by each persona, read by everyone. */
  invitationToResend: string;
  /** In tenant B: ids a tenant administrator of A must not reach. */
  userOfB: string;
  invitationOfB: string;
};

export const TENANT_ROLES = [
  { role_id: 'mx-store', role_name: 'EXT_STORE_MANAGER', role_description: 'Store Manager', rank: 1 },
  {
    role_id: 'mx-corporate',
    role_name: 'EXT_CORPORATE_MANAGER',
    role_description: 'Corporate Manager',
    rank: 2,
  },
  { role_id: 'mx-partner', role_name: 'EXT_PARTNER_MANAGER', role_description: 'Partner Manager', rank: 3 },
  { role_id: 'mx-only-mxa', role_name: 'EXT_ONLY_MXA_REGIONAL', role_description: 'MXA Regional', rank: 2 },
  { role_id: 'mx-data-a', role_name: 'DATA_MXA', role_description: 'MXA data', rank: null },
  { role_id: 'mx-data-b', role_name: 'DATA_MXB', role_description: 'MXB data', rank: null },
  {
    role_id: 'mx-ts',
    role_name: 'THOUGHTSPOT_CONSUMER',
    role_description: 'ThoughtSpot Consumer',
    rank: null,
  },
];

export const b64 = encodeBase64Email;

export async function seedTenantFixtures(db: Kysely<Database>): Promise<TenantMatrixIds> {
  await db
    .insertInto('tenants')
    .values([
      { tenant_id: 'saas-mxa', display_name: 'Matrix A - Partner Portal', logo_url: null },
      { tenant_id: 'saas-mxb', display_name: 'Matrix B - Partner Portal', logo_url: null },
    ])
    .execute();
  await db.insertInto('roles').values(TENANT_ROLES).execute();
  const member = (tenantId: string, email: string) => ({
    tenantId,
    userId: email,
    emailAddress: email,
    firstName: 'M',
    lastName: 'X',
  });
  await addTenantMember(db, member('saas-mxa', 'tenant-admin@demo.portal'), ['mx-partner', 'mx-data-a']);
  await addTenantMember(db, member('saas-mxa', 'mx-edit@mxa.example'), ['mx-store', 'mx-data-a']);
  await addTenantMember(db, member('saas-mxa', 'mx-delete@mxa.example'), ['mx-store', 'mx-data-a']);
  await addTenantMember(db, member('saas-mxb', 'mx-b@mxb.example'), ['mx-store', 'mx-data-b']);
  const invite = (tenantId: string, email: string) =>
    insertInvitation(db, {
      tenantId,
      emailAddress: email,
      userRoleIds: ['mx-store'],
      isThoughtSpotUser: false,
      inviterName: 'Matrix',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    });
  return {
    tenantA: 'saas-mxa',
    tenantB: 'saas-mxb',
    userToEdit: 'mx-edit@mxa.example',
    userToDelete: 'mx-delete@mxa.example',
    invitationToDelete: (await invite('saas-mxa', 'mx-invited@mxa.example')).invitationId,
    invitationToResend: (await invite('saas-mxa', 'mx-resend@mxa.example')).invitationId,
    userOfB: 'mx-b@mxb.example',
    invitationOfB: (await invite('saas-mxb', 'mx-invited@mxb.example')).invitationId,
  };
}
