import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES, type Feature } from './features.js';
import {
  canAccessPartner,
  canDeleteReports,
  hasFeature,
  isAllowed,
  isGroupVisible,
  needsHumanVerification,
  type Principal,
} from './permissions.js';

const code = fc.constantFrom('BJS', 'SAM', 'WSI', 'ACM', 'ALL', 'bjs');
const accessType = fc.constantFrom('INT', 'EXT', 'ext', 'int');
const feature = fc.constantFrom(...FEATURES);
const principal: fc.Arbitrary<Principal> = fc.record({
  isInternalAdmin: fc.boolean(),
  isExternalUser: fc.option(fc.boolean(), { nil: null }),
  features: fc.array(feature),
  partnerGrants: fc.array(fc.record({ accessTypeCode: accessType, partnerCode: code })),
});

describe('permission rules (SPEC.md §6)', () => {
  it('an internal admin passes every check', () => {
    fc.assert(
      fc.property(principal, feature, accessType, code, (p, f, t, c) => {
        const admin = { ...p, isInternalAdmin: true };
        expect(isAllowed(admin, { feature: f, accessTypeCode: t, partnerCode: c })).toBe(true);
        expect(canDeleteReports(admin)).toBe(true);
      }),
    );
  });

  it('pages needing no feature are open to every signed-in user without a path partner', () => {
    fc.assert(
      fc.property(principal, (p) => {
        expect(isAllowed(p, { feature: 'NO_FEATURE_REQUIRED' })).toBe(true);
      }),
    );
  });

  it('a non-admin needs the feature itself', () => {
    fc.assert(
      fc.property(principal, feature, (p, f) => {
        const user = { ...p, isInternalAdmin: false };
        const expected =
          f === 'NO_FEATURE_REQUIRED' || (f !== 'UNKNOWN_FEATURE_REQUIRED' && p.features.includes(f));
        expect(hasFeature(user, f)).toBe(expected);
      }),
    );
  });

  it('an external (or unknown) user never gets the INT access type', () => {
    fc.assert(
      fc.property(principal, code, fc.constantFrom('INT', 'int'), (p, c, t) => {
        const user = {
          ...p,
          isInternalAdmin: false,
          isExternalUser: p.isExternalUser === false ? null : p.isExternalUser,
        };
        expect(canAccessPartner(user, t, c)).toBe(false);
      }),
    );
  });

  it('a partner is accessible when listed or when the list holds ALL for its access type', () => {
    const user: Principal = {
      isInternalAdmin: false,
      isExternalUser: true,
      features: ['VIEW_REPORTS'],
      partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    };
    expect(isAllowed(user, { feature: 'VIEW_REPORTS', accessTypeCode: 'EXT', partnerCode: 'BJS' })).toBe(
      true,
    );
    expect(isAllowed(user, { feature: 'VIEW_REPORTS', accessTypeCode: 'EXT', partnerCode: 'SAM' })).toBe(
      false,
    );
    const all = { ...user, partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'ALL' }] };
    expect(canAccessPartner(all, 'EXT', 'SAM')).toBe(true);
    expect(canAccessPartner(all, 'INT', 'SAM')).toBe(false);
    const internal = {
      ...user,
      isExternalUser: false,
      partnerGrants: [{ accessTypeCode: 'INT', partnerCode: 'PPX' }],
    };
    expect(canAccessPartner(internal, 'INT', 'PPX')).toBe(true);
  });

  it('a menu group shows if any child is allowed', () => {
    fc.assert(
      fc.property(principal, fc.array(feature, { minLength: 1 }), (p, children) => {
        const requirements = children.map((f: Feature) => ({ feature: f }));
        expect(isGroupVisible(p, requirements)).toBe(requirements.some((r) => isAllowed(p, r)));
      }),
    );
  });

  it('report deletion needs INTERNAL_ADMIN or DELETE_REPORTS', () => {
    fc.assert(
      fc.property(principal, (p) => {
        expect(canDeleteReports(p)).toBe(p.isInternalAdmin || p.features.includes('DELETE_REPORTS'));
      }),
    );
  });

  it('external and unknown users need human verification, internal users do not', () => {
    expect(needsHumanVerification({ isExternalUser: true })).toBe(true);
    expect(needsHumanVerification({ isExternalUser: null })).toBe(true);
    expect(needsHumanVerification({ isExternalUser: false })).toBe(false);
  });
});
