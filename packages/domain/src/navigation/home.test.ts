import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../access/features.js';
import type { Principal } from '../access/permissions.js';
import { homeRedirectPath } from './home.js';

const user = (features: string[], isInternalAdmin = false): Principal => ({
  isInternalAdmin,
  isExternalUser: true,
  features,
  partnerGrants: [],
});

describe('home page redirect', () => {
  it('sends a dashboards-only user to the dashboard partner selection', () => {
    expect(homeRedirectPath(user(['VIEW_TS_DASHBOARDS']))).toBe('/dashboards/partners');
    expect(homeRedirectPath(user(['VIEW_TS_DASHBOARDS', 'VIEW_ALL_DASHBOARDS']))).toBe(
      '/dashboards/partners',
    );
  });

  it('sends a reports-only user to the dashboard partner selection', () => {
    expect(homeRedirectPath(user(['VIEW_REPORTS']))).toBe('/dashboards/partners');
    expect(homeRedirectPath(user(['VIEW_REPORTS', 'NO_FEATURE_REQUIRED']))).toBe('/dashboards/partners');
  });

  it('keeps users with both areas, other features, no features, or admin rights at home', () => {
    expect(homeRedirectPath(user(['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS']))).toBeNull();
    expect(homeRedirectPath(user(['VIEW_REPORTS', 'MANAGE_PARTNERS']))).toBeNull();
    expect(homeRedirectPath(user([]))).toBeNull();
    expect(homeRedirectPath(user(['VIEW_REPORTS'], true))).toBeNull();
  });

  it('never redirects a user who holds both a report and a dashboard feature', () => {
    fc.assert(
      fc.property(fc.subarray([...FEATURES]), (others) => {
        const features = ['VIEW_REPORTS', 'VIEW_TS_DASHBOARDS', ...others];
        expect(homeRedirectPath(user(features))).toBeNull();
      }),
    );
  });
});
