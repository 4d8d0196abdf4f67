// The demo personas: one list for the README, the dev sign-in server (apps/dev-sso), the demo
// seed and the tests. Every login signs in with the password 'demo'; the seed makes the login
// the user id, so the dev-sso subject of each account equals its user id.

export const DEMO_PASSWORD = 'demo';

export type DemoAccount = {
  /** What is typed on the sign-in page; also the user id and the OpenID subject. */
  login: string;
  password: typeof DEMO_PASSWORD;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  description: string;
};

function account(login: string, firstName: string, lastName: string, email: string, description: string) {
  return {
    login,
    password: DEMO_PASSWORD,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email,
    description,
  } satisfies DemoAccount;
}

export const demoAccounts: readonly DemoAccount[] = [
  account(
    'E100001',
    'Avery',
    'Admin',
    'admin@demo.portal',
    'Internal administrator: every page and every partner.',
  ),
  account(
    'E100002',
    'Olivia',
    'Ops',
    'ops@demo.portal',
    'Internal operations team: operational forms (customer invoices, retailer disputes).',
  ),
  account(
    'E100003',
    'Sam',
    'Staff',
    'staff@demo.portal',
    'Internal user with no feature: home, FAQs, issues.',
  ),
  account(
    'partner@demo.portal',
    'Pat',
    'Partner',
    'partner@demo.portal',
    "External partner user: reports and dashboards of BJ's Wholesale Club and Sam's Club.",
  ),
  account(
    'dashboards@demo.portal',
    'Dana',
    'Dashboards',
    'dashboards@demo.portal',
    'External user with dashboards only, for Williams-Sonoma.',
  ),
  account(
    'tenant-admin@demo.portal',
    'Tess',
    'Tenant',
    'tenant-admin@demo.portal',
    'External tenant administrator: invites and manages the users of tenant Acme Stores.',
  ),
];

export function findDemoAccount(login: string): DemoAccount | undefined {
  const wanted = login.trim().toLowerCase();
  return demoAccounts.find((a) => a.login.toLowerCase() === wanted || a.email.toLowerCase() === wanted);
}
