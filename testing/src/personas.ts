import type { Database } from '@portal/db';
import { createServiceAccount, createSession, issueServiceAccountToken, setUserAccess } from '@portal/db';
import type { Feature, PartnerGrant } from '@portal/domain';
import { findDemoAccount } from '@portal/domain/authentication/demo-accounts';
import type { Kysely } from 'kysely';
import { ensureAccessTypes, newUser } from './db.js';

// The people (and one service account) every authorization test signs in as. Names and emails
// come from the shared demo persona list; rights are those of the demo seed.

export const PERSONAS = [
  'anonymous',
  'externalReports',
  'externalDashboards',
  'internalNoFeature',
  'internalOperations',
  'internalAdmin',
  'tenantAdmin',
  'serviceAccount',
] as const;
export type Persona = (typeof PERSONAS)[number];

type PersonaSpec = {
  userId: string;
  isExternalUser: boolean;
  isInternalAdmin?: boolean;
  features: Feature[];
  partnerAccess: PartnerGrant[];
};

const ext = (partnerCode: string): PartnerGrant => ({ accessTypeCode: 'EXT', partnerCode });

export const personaSpecs: Record<Exclude<Persona, 'anonymous'>, PersonaSpec> = {
  externalReports: {
    userId: 'partner@demo.portal',
    isExternalUser: true,
    features: ['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS', 'VIEW_ALL_DASHBOARDS'],
    partnerAccess: [ext('BJS'), ext('SAM')],
  },
  externalDashboards: {
    userId: 'dashboards@demo.portal',
    isExternalUser: true,
    features: ['VIEW_TS_DASHBOARDS', 'VIEW_ALL_DASHBOARDS'],
    partnerAccess: [ext('WSI')],
  },
  internalNoFeature: { userId: 'E100003', isExternalUser: false, features: [], partnerAccess: [] },
  internalOperations: {
    userId: 'E100002',
    isExternalUser: false,
    features: ['INTERNAL_OPERATIONS_TEAM'],
    partnerAccess: [],
  },
  internalAdmin: {
    userId: 'E100001',
    isExternalUser: false,
    isInternalAdmin: true,
    features: [],
    partnerAccess: [],
  },
  tenantAdmin: {
    userId: 'tenant-admin@demo.portal',
    isExternalUser: true,
    features: ['MANAGE_EXTERNAL_USERS'],
    partnerAccess: [ext('BJS')],
  },
  serviceAccount: {
    userId: 'svc-reports',
    isExternalUser: false,
    features: ['VIEW_REPORTS'],
    partnerAccess: [ext('BJS'), ext('SAM')],
  },
};

/** A partner of each persona, for routes with a partner in the path (null: the persona has none). */
export function ownPartner(persona: Persona): PartnerGrant | null {
  if (persona === 'anonymous') return null;
  if (persona === 'internalAdmin') return ext('BJS');
  return personaSpecs[persona].partnerAccess[0] ?? null;
}
/** A partner no persona but the internal admin may use. */
export const OTHER_PARTNER: PartnerGrant = ext('OTH');

export const TEST_PARTNERS = [
  { accessTypeCode: 'EXT', code: 'BJS', name: "BJ's Wholesale Club" },
  { accessTypeCode: 'EXT', code: 'SAM', name: "Sam's Club" },
  { accessTypeCode: 'EXT', code: 'WSI', name: 'Williams-Sonoma' },
  { accessTypeCode: 'EXT', code: 'OTH', name: 'Other Partner' },
  { accessTypeCode: 'INT', code: 'OPS', name: 'Internal Operations' },
];

/** Access types and partners the personas refer to. */
export async function seedPartners(db: Kysely<Database>) {
  await ensureAccessTypes(db);
  await db
    .insertInto('partners')
    .values(TEST_PARTNERS.map((p) => ({ access_type_code: p.accessTypeCode, code: p.code, name: p.name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Inserts a person with these rights (and a dev-sso identity, as the demo seed does). */
export async function createUser(
  db: Kysely<Database>,
  spec: PersonaSpec & { email?: string; disabled?: boolean },
) {
  const demo = findDemoAccount(spec.userId);
  await newUser(db, {
    userId: spec.userId,
    firstName: demo?.firstName,
    lastName: demo?.lastName,
    email: spec.email ?? demo?.email,
    isExternalUser: spec.isExternalUser,
    isInternalAdmin: spec.isInternalAdmin,
    disabled: spec.disabled,
  });
  await setUserAccess(db, spec.userId, { features: spec.features, partnerGrants: spec.partnerAccess });
}

export type SeededPersonas = {
  /** A cookie header for a new session of this persona (null for anonymous or the service account). */
  sessionCookie(persona: Persona): Promise<string | null>;
  /** The service account's API token. */
  token: string;
  /** Request headers that sign this persona in: a fresh session cookie, or the bearer token. */
  headers(persona: Persona): Promise<Record<string, string>>;
};

export async function seedPersonas(db: Kysely<Database>, absoluteHours = 12): Promise<SeededPersonas> {
  await seedPartners(db);
  for (const [persona, spec] of Object.entries(personaSpecs)) {
    if (persona === 'serviceAccount') continue;
    await createUser(db, spec);
  }
  const svc = personaSpecs.serviceAccount;
  await createServiceAccount(db, {
    userId: svc.userId,
    name: 'Reports feed',
    features: svc.features,
    partnerGrants: svc.partnerAccess,
  });
  const { token } = await issueServiceAccountToken(db, { userId: svc.userId, name: 'test', days: 30 });

  const sessionCookie = async (persona: Persona) => {
    if (persona === 'anonymous' || persona === 'serviceAccount') return null;
    const { sessionId } = await createSession(db, {
      userId: personaSpecs[persona].userId,
      provider: 'sso',
      idToken: null,
      absoluteHours,
    });
    return `portal_session=${sessionId}`;
  };
  return {
    token,
    sessionCookie,
    async headers(persona): Promise<Record<string, string>> {
      if (persona === 'serviceAccount') return { authorization: `Bearer ${token}` };
      const cookie = await sessionCookie(persona);
      return cookie ? { cookie, 'x-requested-with': 'portal' } : {};
    },
  };
}
