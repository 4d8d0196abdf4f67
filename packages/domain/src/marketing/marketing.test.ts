import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { canAccessPartnerCode, marketingDestination, shouldShowMarketingPopup } from './marketing.js';

const user = (over: Partial<Principal> = {}): Principal => ({
  isInternalAdmin: false,
  isExternalUser: true,
  features: [],
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  ...over,
});
const partners = [
  { accessTypeCode: 'EXT', partnerCode: 'BJS' },
  { accessTypeCode: 'INT', partnerCode: 'BJS' },
  { accessTypeCode: 'EXT', partnerCode: 'SAM' },
];

describe('partner code access', () => {
  it('follows the grants of any partner with that code', () => {
    expect(canAccessPartnerCode(user(), 'bjs', partners)).toBe(true);
    expect(canAccessPartnerCode(user(), 'SAM', partners)).toBe(false);
    expect(canAccessPartnerCode(user(), 'NOPE', partners)).toBe(false);
  });

  it('needs the feature when one is asked for', () => {
    expect(canAccessPartnerCode(user(), 'BJS', partners, 'MANAGE_MARKETING_CONTENT')).toBe(false);
    const marketer = user({ features: ['MANAGE_MARKETING_CONTENT'] });
    expect(canAccessPartnerCode(marketer, 'BJS', partners, 'MANAGE_MARKETING_CONTENT')).toBe(true);
  });

  it('lets an internal admin use every existing partner code, and no unknown one', () => {
    const admin = user({ isInternalAdmin: true, partnerGrants: [] });
    expect(canAccessPartnerCode(admin, 'SAM', partners, 'MANAGE_MARKETING_CONTENT')).toBe(true);
    expect(canAccessPartnerCode(admin, 'NOPE', partners)).toBe(false);
  });

  it('keeps external users out of INT partners', () => {
    const grants = [{ accessTypeCode: 'INT', partnerCode: 'ALL' }];
    expect(canAccessPartnerCode(user({ partnerGrants: grants }), 'BJS', partners)).toBe(false);
    expect(
      canAccessPartnerCode(user({ partnerGrants: grants, isExternalUser: false }), 'BJS', partners),
    ).toBe(true);
  });
});

describe('marketing select', () => {
  const bjs = { name: "BJ's", code: 'BJS', type: 'EXT' };
  const sam = { name: "Sam's", code: 'SAM', type: 'EXT' };
  const ext = { name: 'External', code: 'EXT' };
  const int = { name: 'Internal', code: 'INT' };

  it('explains missing access without partners', () => {
    expect(marketingDestination({ accessTypes: [], partners: {} })).toEqual({ kind: 'none' });
    expect(marketingDestination({ accessTypes: [ext], partners: { EXT: [] } })).toEqual({ kind: 'none' });
    // An access type the reply lists no partners for at all.
    expect(marketingDestination({ accessTypes: [ext], partners: {} })).toEqual({ kind: 'none' });
  });

  it('goes straight to the upload page with one access type and one partner', () => {
    expect(marketingDestination({ accessTypes: [ext], partners: { EXT: [bjs] } })).toEqual({
      kind: 'upload',
      partnerCode: 'BJS',
    });
  });

  it('lets the user choose otherwise', () => {
    expect(marketingDestination({ accessTypes: [ext], partners: { EXT: [bjs, sam] } })).toEqual({
      kind: 'choose',
    });
    expect(
      marketingDestination({
        accessTypes: [ext, int],
        partners: { EXT: [bjs], INT: [{ ...sam, type: 'INT' }] },
      }),
    ).toEqual({ kind: 'choose' });
  });
});

describe('mobile marketing popup', () => {
  it('shows once, on mobile, for BJS, SAM and WSI only', () => {
    for (const code of ['BJS', 'SAM', 'WSI', 'wsi']) {
      expect(shouldShowMarketingPopup(code, { isMobile: true, alreadyShown: false })).toBe(true);
    }
    expect(shouldShowMarketingPopup('WAY', { isMobile: true, alreadyShown: false })).toBe(false);
    expect(shouldShowMarketingPopup('BJS', { isMobile: false, alreadyShown: false })).toBe(false);
    expect(shouldShowMarketingPopup('BJS', { isMobile: true, alreadyShown: true })).toBe(false);
  });
});
