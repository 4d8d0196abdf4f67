import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Principal } from './permissions.js';
import {
  accessTableMethods,
  declaredAccess,
  identifiesCaller,
  partnerAccessDecision,
  type RouteAccess,
  routeAccessDecision,
} from './route-access.js';

const viewer: Principal = {
  isInternalAdmin: false,
  isExternalUser: true,
  features: ['VIEW_REPORTS'],
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
};
const nobody: Principal = { isInternalAdmin: false, isExternalUser: false, features: [], partnerGrants: [] };
const admin: Principal = { isInternalAdmin: true, isExternalUser: false, features: [], partnerGrants: [] };
const reports: RouteAccess = { feature: 'VIEW_REPORTS' };
const users: RouteAccess = { feature: 'MANAGE_EXTERNAL_USERS' };

describe('the access a route declared', () => {
  it.each<[string, RouteAccess | undefined, Principal | null, string]>([
    ['no route matched', undefined, null, 'allow'],
    ['public, signed out', 'public', null, 'allow'],
    ['public, signed in', 'public', nobody, 'allow'],
    ['anyone, signed out', 'anyone', null, 'allow'],
    ['anyone, signed in', 'anyone', viewer, 'allow'],
    ['authenticated, signed out', 'authenticated', null, 'unauthenticated'],
    ['authenticated, with no feature', 'authenticated', nobody, 'allow'],
    ['a feature, signed out', reports, null, 'unauthenticated'],
    ['a feature held', reports, viewer, 'allow'],
    ['a feature not held', users, viewer, 'forbidden'],
    ['a feature, no features at all', reports, nobody, 'forbidden'],
    ['a feature, internal admin', users, admin, 'allow'],
    ['no feature required', { feature: 'NO_FEATURE_REQUIRED' }, nobody, 'allow'],
  ])('%s', (_, access, principal, decision) => {
    expect(routeAccessDecision(access, principal)).toBe(decision);
  });

  it('never refuses a public route, and asks everyone signed out to sign in for any other but anyone', () => {
    const feature = fc.constantFrom(
      'VIEW_REPORTS',
      'INTERNAL_ADMIN',
      'MANAGE_DASHBOARDS',
      'NO_FEATURE_REQUIRED',
    );
    const access = fc.oneof(
      fc.constantFrom<RouteAccess>('public', 'anyone', 'authenticated'),
      feature.map((f) => ({ feature: f }) as RouteAccess),
    );
    fc.assert(
      fc.property(access, (a) => {
        const signedOut = routeAccessDecision(a, null);
        expect(signedOut).toBe(a === 'public' || a === 'anyone' ? 'allow' : 'unauthenticated');
        expect(routeAccessDecision(a, admin)).toBe('allow');
      }),
    );
  });

  it('looks up the caller for every route but a public one and no route at all', () => {
    expect(identifiesCaller(undefined)).toBe(false);
    expect(identifiesCaller('public')).toBe(false);
    expect(identifiesCaller('anyone')).toBe(true);
    expect(identifiesCaller('authenticated')).toBe(true);
    expect(identifiesCaller(reports)).toBe(true);
  });

  it("is the route's own, else its place's, else none", () => {
    expect(declaredAccess(reports, 'public')).toBe(reports);
    expect(declaredAccess('anyone', undefined)).toBe('anyone');
    expect(declaredAccess(undefined, users)).toBe(users);
    expect(declaredAccess(undefined, undefined)).toBeUndefined();
  });
});

describe('a partner a request names', () => {
  it.each<[string, Principal | null, string, string, string]>([
    ['signed out', null, 'EXT', 'BJS', 'unauthenticated'],
    ['their partner', viewer, 'EXT', 'BJS', 'allow'],
    ['their partner, lower case', viewer, 'ext', 'bjs', 'allow'],
    ['another partner', viewer, 'EXT', 'WSI', 'forbidden'],
    ['another access type', viewer, 'INT', 'BJS', 'forbidden'],
    ['an internal admin, any partner', admin, 'INT', 'WSI', 'allow'],
  ])('%s', (_, principal, accessTypeCode, partnerCode, decision) => {
    expect(partnerAccessDecision(principal, { feature: 'VIEW_REPORTS', accessTypeCode, partnerCode })).toBe(
      decision,
    );
  });

  it('needs the feature as well as the partner', () => {
    expect(
      partnerAccessDecision(viewer, {
        feature: 'VIEW_TS_DASHBOARDS',
        accessTypeCode: 'EXT',
        partnerCode: 'BJS',
      }),
    ).toBe('forbidden');
    expect(partnerAccessDecision(viewer, { feature: 'NO_FEATURE_REQUIRED' })).toBe('allow');
  });
});

describe('the access table', () => {
  it('lists a route under each of its methods but HEAD, the automatic twin of GET', () => {
    expect(accessTableMethods('GET')).toEqual(['GET']);
    expect(accessTableMethods('HEAD')).toEqual([]);
    expect(accessTableMethods(['GET', 'HEAD'])).toEqual(['GET']);
    expect(accessTableMethods(['POST', 'PUT', 'DELETE'])).toEqual(['POST', 'PUT', 'DELETE']);
  });
});
