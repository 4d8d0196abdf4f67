import {
  isAllowed,
  isGroupVisible,
  PAGES,
  type PageName,
  type Principal,
  type Requirement,
} from '@portal/domain';

export type NavLinkEntry = { kind: 'link'; label: string; path: string };
export type NavGroupEntry = { kind: 'group'; label: string; children: NavLinkEntry[] };
export type NavEntry = NavLinkEntry | NavGroupEntry;

type NavItem = {
  label: string;
  page: PageName;
  desktopOnly?: boolean;
  /** In the phone's menu only, and not for an internal admin (whose admin entries stay on desktop). */
  phoneForTenantAdmins?: boolean;
};

// SPEC.md §2 "Layout and navigation". Partner entries and admin entries show on desktop only. Tenant
// users are the one area of administration an external person does (a tenant administrator, often
// on a phone): Tenants is in the phone's menu for them; the internal admin's entries keep the rule.
const MAIN_ITEMS: NavItem[] = [
  { label: 'Home', page: 'home' },
  { label: 'Reports', page: 'partners', desktopOnly: true },
  { label: 'Dashboards', page: 'dashboardPartners' },
  { label: 'Operational Forms', page: 'forms' },
  { label: 'Tenants', page: 'tenants', phoneForTenantAdmins: true },
  { label: 'FAQs', page: 'faqs' },
  { label: 'Report an Issue', page: 'reportAnIssue' },
  { label: 'My Account', page: 'myAccount' },
];

const ADMIN_ITEMS: NavItem[] = [
  { label: 'Partners', page: 'adminPartners' },
  { label: 'Alerts', page: 'adminReportAlerts' },
  { label: 'Categories', page: 'adminReportCategories' },
  { label: 'Frequency Types', page: 'adminFrequencyTypes' },
  { label: 'External Users', page: 'adminUsers' },
  { label: 'Tenants', page: 'tenants' },
  { label: 'FAQs', page: 'adminFaqs' },
  { label: 'Dashboards', page: 'adminDashboards' },
  { label: 'Marketing', page: 'marketing' },
  { label: 'Banner', page: 'adminBanner' },
  { label: 'Service Accounts', page: 'adminServiceAccounts' },
  { label: 'Webhooks', page: 'adminWebhooks' },
  { label: 'Audit Log', page: 'adminAuditLog' },
];

const LOGOUT: NavLinkEntry = { kind: 'link', label: 'Logout', path: '/logout' };

const requirementOf = (item: NavItem): Requirement => ({ feature: PAGES[item.page].feature });
const linkOf = (item: NavItem): NavLinkEntry => ({
  kind: 'link',
  label: item.label,
  path: PAGES[item.page].path,
});

/** The side navigation and the mobile menu: the entries this user may open, for this screen size. */
export function buildNavigation(principal: Principal, { isMobile }: { isMobile: boolean }): NavEntry[] {
  const forThisScreen = (item: NavItem) =>
    item.phoneForTenantAdmins ? isMobile && !principal.isInternalAdmin : !(isMobile && item.desktopOnly);
  const shown = (item: NavItem) => forThisScreen(item) && isAllowed(principal, requirementOf(item));
  const entries: NavEntry[] = MAIN_ITEMS.filter(shown).map(linkOf);
  if (!isMobile && isGroupVisible(principal, ADMIN_ITEMS.map(requirementOf))) {
    entries.push({ kind: 'group', label: 'Admin', children: ADMIN_ITEMS.filter(shown).map(linkOf) });
  }
  entries.push(LOGOUT);
  return entries;
}
