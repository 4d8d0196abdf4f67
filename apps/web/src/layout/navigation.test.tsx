import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toPrincipal } from '../auth/user.js';
import { makeUser, renderWithProviders, setViewportWidth, signedIn } from '../test/render.js';
import { AppLayout } from './AppLayout.js';
import { buildNavigation, type NavEntry } from './navigation.js';

const principal = (features: string[], isInternalAdmin = false) =>
  toPrincipal(makeUser({ features, isInternalAdmin }));

const labels = (entries: NavEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'link'
      ? entry.label
      : `${entry.label}: ${entry.children.map((child) => child.label).join(', ')}`,
  );

describe('navigation built from permissions', () => {
  it('gives a user without features the pages open to every signed-in user', () => {
    expect(labels(buildNavigation(principal([]), { isMobile: false }))).toEqual([
      'Home',
      'Dashboards',
      'FAQs',
      'Report an Issue',
      'My Account',
      'Logout',
    ]);
  });

  it('adds Reports for report access, on desktop only', () => {
    expect(labels(buildNavigation(principal(['VIEW_REPORTS']), { isMobile: false }))).toContain('Reports');
    expect(labels(buildNavigation(principal(['VIEW_REPORTS']), { isMobile: true }))).not.toContain('Reports');
  });

  it('shows the admin group with only the children the user may open', () => {
    const entries = buildNavigation(principal(['MANAGE_PARTNERS', 'MANAGE_EXTERNAL_USERS']), {
      isMobile: false,
    });
    expect(labels(entries)).toContain('Admin: Partners, Tenants, Webhooks');
  });

  it('gives an internal admin the whole admin submenu in the order of the spec', () => {
    const entries = buildNavigation(principal([], true), { isMobile: false });
    expect(labels(entries)).toContain(
      'Admin: Partners, Alerts, Categories, Frequency Types, External Users, Tenants, FAQs, Dashboards, Marketing, Banner, Service Accounts, Webhooks, Audit Log',
    );
    expect(labels(entries)).toContain('Operational Forms');
  });

  it('leaves the admin group out of the mobile menu', () => {
    const entries = buildNavigation(principal([], true), { isMobile: true });
    expect(entries.some((entry) => entry.kind === 'group')).toBe(false);
    expect(labels(entries)).not.toContain('Reports');
  });

  it('gives a tenant administrator Tenants in the phone menu, and in the admin group on desktop', () => {
    const tenantAdmin = principal(['MANAGE_EXTERNAL_USERS']);
    expect(labels(buildNavigation(tenantAdmin, { isMobile: true }))).toEqual([
      'Home',
      'Dashboards',
      'Tenants',
      'FAQs',
      'Report an Issue',
      'My Account',
      'Logout',
    ]);
    expect(labels(buildNavigation(tenantAdmin, { isMobile: false }))).toEqual([
      'Home',
      'Dashboards',
      'FAQs',
      'Report an Issue',
      'My Account',
      'Admin: Tenants',
      'Logout',
    ]);
  });

  it("keeps the internal admin's entries, Tenants too, off the phone menu, and Tenants from others", () => {
    expect(labels(buildNavigation(principal([], true), { isMobile: true }))).not.toContain('Tenants');
    expect(labels(buildNavigation(principal(['VIEW_REPORTS']), { isMobile: true }))).not.toContain('Tenants');
  });

  it('hides the admin group from users with none of its features', () => {
    const entries = buildNavigation(principal(['VIEW_REPORTS', 'INTERNAL_OPERATIONS_TEAM']), {
      isMobile: false,
    });
    expect(entries.some((entry) => entry.kind === 'group')).toBe(false);
    expect(labels(entries)).toContain('Operational Forms');
  });
});

describe('signed-in layout', () => {
  const user = makeUser({ firstName: 'Jane', lastName: 'Doe', features: ['VIEW_REPORTS'] });

  it('shows the product title, the user name, the menu toggle, navigation and footer on desktop', () => {
    renderWithProviders(<AppLayout />, { auth: signedIn(user) });
    expect(screen.getByRole('heading', { name: 'Partner Portal' })).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/partners');
    expect(screen.getByText(/All rights reserved/)).toBeTruthy();
    expect(screen.getByText(/restricted use of authorized partners/)).toBeTruthy();
  });

  it('shows initials linking to My Account on mobile, and no Reports entry', () => {
    setViewportWidth(400);
    renderWithProviders(<AppLayout />, { auth: signedIn(user) });
    const initials = within(screen.getByRole('banner')).getByRole('link', { name: 'My Account' });
    // The initials are what is seen; 'My Account' what is heard.
    expect(initials.querySelector('[aria-hidden="true"]')?.textContent).toBe('JD');
    expect(initials.getAttribute('href')).toBe('/my-account');
    expect(screen.queryByText('Jane Doe')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Reports' })).toBeNull();
  });
});
