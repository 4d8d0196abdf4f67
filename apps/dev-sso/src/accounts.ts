// The demo accounts of the portal, copied here because the dev sign-in server imports nothing
// of ours (ARCHITECTURE.md). They mirror packages/domain/src/authentication/demo-accounts.ts; a test in
// apps/api keeps the two lists in step. The subject of each account is the portal user id.

export type DevSsoAccount = {
  login: string;
  password: string;
  description: string;
  claims: {
    sub: string;
    email: string;
    email_verified: boolean;
    given_name: string;
    family_name: string;
    name: string;
  };
};

function account(
  login: string,
  givenName: string,
  familyName: string,
  email: string,
  description: string,
): DevSsoAccount {
  return {
    login,
    password: 'demo',
    description,
    claims: {
      sub: login,
      email,
      email_verified: true,
      given_name: givenName,
      family_name: familyName,
      name: `${givenName} ${familyName}`,
    },
  };
}

export const accounts: readonly DevSsoAccount[] = [
  account('E100001', 'Avery', 'Admin', 'admin@demo.portal', 'Internal administrator'),
  account('E100002', 'Olivia', 'Ops', 'ops@demo.portal', 'Internal operations team'),
  account('E100003', 'Sam', 'Staff', 'staff@demo.portal', 'Internal user with no feature'),
  account('partner@demo.portal', 'Pat', 'Partner', 'partner@demo.portal', 'External partner user (reports)'),
  account(
    'dashboards@demo.portal',
    'Dana',
    'Dashboards',
    'dashboards@demo.portal',
    'External user with dashboards only',
  ),
  account(
    'tenant-admin@demo.portal',
    'Tess',
    'Tenant',
    'tenant-admin@demo.portal',
    'External tenant administrator',
  ),
];

/**
 * Newcomers invited to a tenant: any address ending in @invited.demo signs in with the demo
 * password, so the whole invitation loop can be tried with `npm start` (the e-mail is in data/mail).
 * Its subject is the address itself, its e-mail verified.
 */
export const INVITED_DOMAIN = '@invited.demo';

export function invitedAccount(address: string): DevSsoAccount | undefined {
  const email = address.trim().toLowerCase();
  const local = email.slice(0, -INVITED_DOMAIN.length);
  if (!email.endsWith(INVITED_DOMAIN) || !/^[a-z0-9._+-]+$/.test(local)) return undefined;
  const given = local.split(/[._+-]/)[0] ?? local;
  const givenName = given.charAt(0).toUpperCase() + given.slice(1);
  return { ...account(email, givenName, 'Invitee', email, 'Invited newcomer'), login: email };
}

/** The account a login name (or its email) and password open, if any. */
export function authenticate(
  list: readonly DevSsoAccount[],
  login: string,
  password: string,
): DevSsoAccount | undefined {
  const wanted = login.trim().toLowerCase();
  const found =
    list.find((a) => a.login.toLowerCase() === wanted || a.claims.email.toLowerCase() === wanted) ??
    invitedAccount(wanted);
  return found && found.password === password ? found : undefined;
}
