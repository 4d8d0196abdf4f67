import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES, type Feature } from './features.js';
import {
  canAccessPartner,
  canAccessPartnerUnderSomeType,
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
        expect(hasFeature(admin, 'DELETE_REPORTS')).toBe(true);
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

  // SPEC.md §6: "allowed if the user is an internal admin, or the page requires no feature, or the
  // user has the feature". Examples, not a restatement of hasFeature.
  const someone = (features: string[], isInternalAdmin = false): Principal => ({
    isInternalAdmin,
    isExternalUser: true,
    features,
    partnerGrants: [],
  });
  it.each([
    { features: [], feature: 'NO_FEATURE_REQUIRED', allowed: true },
    { features: ['VIEW_REPORTS'], feature: 'VIEW_REPORTS', allowed: true },
    { features: ['VIEW_REPORTS'], feature: 'MANAGE_PARTNERS', allowed: false },
    { features: [], feature: 'VIEW_REPORTS', allowed: false },
    { features: ['MANAGE_PARTNERS', 'DELETE_REPORTS'], feature: 'DELETE_REPORTS', allowed: true },
    { features: ['UNKNOWN_FEATURE_REQUIRED'], feature: 'UNKNOWN_FEATURE_REQUIRED', allowed: false },
    { features: ['VIEW_REPORTS'], feature: 'INTERNAL_ADMIN', allowed: false },
  ] as const)(
    'a user with [$features] opening a page of $feature: allowed $allowed',
    ({ features, feature, allowed }) => {
      expect(hasFeature(someone([...features]), feature)).toBe(allowed);
      expect(isAllowed(someone([...features]), { feature })).toBe(allowed);
    },
  );

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

  // SPEC.md §6 partner access, as examples: (user's grants, external?) → (access type, partner) → allowed.
  it.each([
    { grants: [['EXT', 'BJS']], external: true, type: 'EXT', partner: 'BJS', allowed: true },
    { grants: [['EXT', 'BJS']], external: true, type: 'EXT', partner: 'SAM', allowed: false },
    { grants: [['EXT', 'ALL']], external: true, type: 'EXT', partner: 'SAM', allowed: true },
    { grants: [['EXT', 'ALL']], external: true, type: 'INT', partner: 'SAM', allowed: false },
    { grants: [['INT', 'PPX']], external: true, type: 'INT', partner: 'PPX', allowed: false },
    { grants: [['INT', 'PPX']], external: null, type: 'INT', partner: 'PPX', allowed: false },
    { grants: [['INT', 'PPX']], external: false, type: 'INT', partner: 'PPX', allowed: true },
    { grants: [['ext', 'bjs']], external: true, type: 'EXT', partner: 'BJS', allowed: true },
    { grants: [], external: true, type: 'EXT', partner: 'BJS', allowed: false },
  ] as const)(
    'grants $grants (external $external) on $type/$partner: allowed $allowed',
    ({ grants, external, type, partner, allowed }) => {
      const user: Principal = {
        isInternalAdmin: false,
        isExternalUser: external,
        features: ['VIEW_REPORTS'],
        partnerGrants: grants.map(([accessTypeCode, partnerCode]) => ({ accessTypeCode, partnerCode })),
      };
      expect(canAccessPartner(user, type, partner)).toBe(allowed);
      expect(isAllowed(user, { feature: 'VIEW_REPORTS', accessTypeCode: type, partnerCode: partner })).toBe(
        allowed,
      );
    },
  );

  it.each([
    { features: [], isInternalAdmin: true, mayDelete: true },
    { features: ['DELETE_REPORTS'], isInternalAdmin: false, mayDelete: true },
    { features: ['VIEW_REPORTS', 'MANAGE_PARTNERS'], isInternalAdmin: false, mayDelete: false },
  ] as const)(
    'report deletion: features $features, internal admin $isInternalAdmin → $mayDelete',
    ({ features, isInternalAdmin, mayDelete }) => {
      expect(hasFeature(someone([...features], isInternalAdmin), 'DELETE_REPORTS')).toBe(mayDelete);
    },
  );

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
        expect(hasFeature(p, 'DELETE_REPORTS')).toBe(
          p.isInternalAdmin || p.features.includes('DELETE_REPORTS'),
        );
      }),
    );
  });

  it('external and unknown users need human verification, internal users do not', () => {
    expect(needsHumanVerification({ isExternalUser: true })).toBe(true);
    expect(needsHumanVerification({ isExternalUser: null })).toBe(true);
    expect(needsHumanVerification({ isExternalUser: false })).toBe(false);
  });

  // Issue 26: principals with several grants, and every branch of the engine denied once.
  const withGrants = (grants: [string, string][], external: boolean | null = true): Principal => ({
    isInternalAdmin: false,
    isExternalUser: external,
    features: ['VIEW_REPORTS'],
    partnerGrants: grants.map(([accessTypeCode, partnerCode]) => ({ accessTypeCode, partnerCode })),
  });

  it.each([
    {
      grants: [
        ['EXT', 'BJS'],
        ['EXT', 'SAM'],
      ],
      type: 'EXT',
      partner: 'SAM',
      allowed: true,
    },
    {
      grants: [
        ['EXT', 'BJS'],
        ['EXT', 'SAM'],
      ],
      type: 'EXT',
      partner: 'WSI',
      allowed: false,
    },
    {
      grants: [
        ['EXT', 'BJS'],
        ['INT', 'SAM'],
      ],
      type: 'EXT',
      partner: 'SAM',
      allowed: false,
    },
    {
      grants: [
        ['INT', 'BJS'],
        ['EXT', 'SAM'],
      ],
      type: 'INT',
      partner: 'SAM',
      allowed: false,
    },
    {
      grants: [
        ['EXT', 'BJS'],
        ['INT', 'ALL'],
      ],
      type: 'INT',
      partner: 'WSI',
      allowed: false,
    },
  ] as const)(
    'an external user with several grants $grants on $type/$partner: allowed $allowed',
    ({ grants, type, partner, allowed }) => {
      const user = withGrants(grants.map(([t, c]) => [t, c] as [string, string]));
      expect(canAccessPartner(user, type, partner)).toBe(allowed);
    },
  );

  it('an internal user with several grants reaches each of them and only them', () => {
    const user = withGrants(
      [
        ['INT', 'PPX'],
        ['EXT', 'BJS'],
        ['EXT', 'SAM'],
      ],
      false,
    );
    expect(canAccessPartner(user, 'INT', 'PPX')).toBe(true);
    expect(canAccessPartner(user, 'EXT', 'SAM')).toBe(true);
    expect(canAccessPartner(user, 'INT', 'BJS')).toBe(false);
    expect(canAccessPartner(user, 'EXT', 'PPX')).toBe(false);
  });

  it('a requirement naming an access type only is denied without a grant of that type', () => {
    const external = withGrants([['EXT', 'BJS']]);
    expect(isAllowed(external, { feature: 'VIEW_REPORTS', accessTypeCode: 'EXT' })).toBe(true);
    expect(isAllowed(external, { feature: 'VIEW_REPORTS', accessTypeCode: 'ext' })).toBe(true);
    expect(isAllowed(external, { feature: 'VIEW_REPORTS', accessTypeCode: 'INT' })).toBe(false);
    expect(isAllowed(withGrants([]), { feature: 'VIEW_REPORTS', accessTypeCode: 'EXT' })).toBe(false);
    // Several grants, one of them the type asked for: .some, not .every.
    const two = withGrants(
      [
        ['INT', 'PPX'],
        ['EXT', 'BJS'],
      ],
      false,
    );
    expect(isAllowed(two, { feature: 'VIEW_REPORTS', accessTypeCode: 'EXT' })).toBe(true);
    expect(isAllowed(two, { feature: 'VIEW_REPORTS', accessTypeCode: 'INT' })).toBe(true);
    expect(isAllowed(two, { feature: 'VIEW_REPORTS', accessTypeCode: 'SVC' })).toBe(false);
  });

  // SPEC.md §6: "where the path has an access type or partner, the user must also have access to
  // it". A partner without its access type (/marketing/latest/:partnerCode) is accessible under
  // some access type the user may use: never INT for an external (or unknown) user, ALL for every
  // partner of its type, anything for an internal admin.
  it.each([
    { grants: [['EXT', 'BJS']], external: true, partner: 'BJS', allowed: true },
    { grants: [['EXT', 'BJS']], external: true, partner: 'bjs', allowed: true },
    { grants: [['EXT', 'BJS']], external: true, partner: 'SAM', allowed: false },
    { grants: [], external: true, partner: 'BJS', allowed: false },
    { grants: [['EXT', 'ALL']], external: true, partner: 'SAM', allowed: true },
    { grants: [['INT', 'ALL']], external: true, partner: 'SAM', allowed: false },
    { grants: [['INT', 'PPX']], external: true, partner: 'PPX', allowed: false },
    { grants: [['INT', 'PPX']], external: null, partner: 'PPX', allowed: false },
    { grants: [['INT', 'PPX']], external: false, partner: 'PPX', allowed: true },
    {
      grants: [
        ['INT', 'PPX'],
        ['EXT', 'BJS'],
      ],
      external: true,
      partner: 'BJS',
      allowed: true,
    },
    {
      grants: [
        ['INT', 'PPX'],
        ['EXT', 'BJS'],
      ],
      external: true,
      partner: 'PPX',
      allowed: false,
    },
  ] as const)(
    'a partner without an access type, grants $grants (external $external) on $partner: allowed $allowed',
    ({ grants, external, partner, allowed }) => {
      const user = withGrants(
        grants.map(([t, c]) => [t, c] as [string, string]),
        external,
      );
      expect(canAccessPartnerUnderSomeType(user, partner)).toBe(allowed);
      expect(isAllowed(user, { feature: 'VIEW_REPORTS', partnerCode: partner })).toBe(allowed);
    },
  );

  it('a partner without an access type needs the feature too, and an internal admin no grant', () => {
    const manager = { ...withGrants([['EXT', 'BJS']]), features: ['MANAGE_MARKETING_CONTENT'] };
    expect(isAllowed(manager, { feature: 'MANAGE_MARKETING_CONTENT', partnerCode: 'BJS' })).toBe(true);
    expect(isAllowed(manager, { feature: 'MANAGE_PARTNERS', partnerCode: 'BJS' })).toBe(false);
    const admin: Principal = { isInternalAdmin: true, isExternalUser: null, features: [], partnerGrants: [] };
    expect(canAccessPartnerUnderSomeType(admin, 'NOBODY')).toBe(true);
    expect(isAllowed(admin, { feature: 'MANAGE_MARKETING_CONTENT', partnerCode: 'NOBODY' })).toBe(true);
  });

  it('a partner without an access type is allowed exactly when it is under one of the access types', () => {
    fc.assert(
      fc.property(principal, feature, code, (p, f, c) => {
        const underSomeType = ['INT', 'EXT'].some((t) =>
          isAllowed(p, { feature: f, accessTypeCode: t, partnerCode: c }),
        );
        expect(isAllowed(p, { feature: f, partnerCode: c })).toBe(underSomeType);
      }),
    );
  });

  it('the feature is checked before the partner: a grant does not stand in for it', () => {
    const user = { ...withGrants([['EXT', 'BJS']]), features: [] };
    expect(isAllowed(user, { feature: 'VIEW_REPORTS', accessTypeCode: 'EXT', partnerCode: 'BJS' })).toBe(
      false,
    );
  });

  it('an internal admin needs no grant, even for INT and a partner nobody listed', () => {
    const admin: Principal = { isInternalAdmin: true, isExternalUser: null, features: [], partnerGrants: [] };
    expect(canAccessPartner(admin, 'INT', 'NOBODY')).toBe(true);
    expect(isAllowed(admin, { feature: 'UNKNOWN_FEATURE_REQUIRED', accessTypeCode: 'INT' })).toBe(true);
    expect(hasFeature(admin, 'UNKNOWN_FEATURE_REQUIRED')).toBe(true);
  });

  it('a menu group is hidden when no child is allowed and shown when one of several is', () => {
    const user = withGrants([['EXT', 'BJS']]);
    expect(isGroupVisible(user, [])).toBe(false);
    expect(isGroupVisible(user, [{ feature: 'MANAGE_PARTNERS' }, { feature: 'VIEW_REPORTS' }])).toBe(true);
    expect(isGroupVisible(user, [{ feature: 'MANAGE_PARTNERS' }, { feature: 'DELETE_REPORTS' }])).toBe(false);
  });
});
