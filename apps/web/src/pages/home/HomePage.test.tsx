import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders, setViewportWidth, signedIn } from '../../test/render.js';
import HomePage, { HOME_TEXT, HOME_TEXT_MOBILE } from './HomePage.js';

const cardTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

const renderHome = (features: string[], isInternalAdmin = false) =>
  renderWithProviders(<HomePage />, {
    auth: signedIn(makeUser({ features, isInternalAdmin })),
    page: 'home',
  });

describe('home page', () => {
  it('shows the four cards to a user with reports and dashboards on desktop', () => {
    renderHome(['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS']);
    expect(screen.getByText(HOME_TEXT)).toBeTruthy();
    expect(cardTitles()).toEqual(['Dashboards', 'Reports', 'FAQs', 'Report an Issue']);
    expect(screen.getByRole('link', { name: /^Reports/ }).getAttribute('href')).toBe('/partners');
    expect(document.title).toBe('Home');
  });

  it('hides the Reports card on mobile and uses the mobile wording', () => {
    setViewportWidth(767);
    renderHome(['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS']);
    expect(screen.getByText(HOME_TEXT_MOBILE)).toBeTruthy();
    expect(cardTitles()).toEqual(['Dashboards', 'FAQs', 'Report an Issue']);
  });

  it('shows the Reports card from 768 px up', () => {
    setViewportWidth(768);
    renderHome(['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS']);
    expect(cardTitles()).toContain('Reports');
  });

  it('hides the Reports card from users without report access', () => {
    renderHome(['VIEW_TS_DASHBOARDS', 'MANAGE_PARTNERS']);
    expect(cardTitles()).toEqual(['Dashboards', 'FAQs', 'Report an Issue']);
  });

  it('shows everything to an internal admin, who holds every feature', () => {
    renderHome([], true);
    expect(cardTitles()).toEqual(['Dashboards', 'Reports', 'FAQs', 'Report an Issue']);
  });

  it('redirects a user with only dashboards to the dashboard partner selection', () => {
    renderHome(['VIEW_TS_DASHBOARDS']);
    expect(screen.getByTestId('location').textContent).toBe('/dashboards/partners');
    expect(cardTitles()).toEqual([]);
  });

  it('redirects a user with only reports to the dashboard partner selection', () => {
    renderHome(['VIEW_REPORTS']);
    expect(screen.getByTestId('location').textContent).toBe('/dashboards/partners');
  });

  it('keeps a user with both at home', () => {
    renderHome(['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS']);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
