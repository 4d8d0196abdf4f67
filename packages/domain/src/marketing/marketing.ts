import type { Feature } from '../access/features.js';
import { isAllowed, type Principal } from '../access/permissions.js';
import type { MarketingPartners } from '../api/marketing.js';
import { MARKETING_POPUP_PARTNERS } from '../common/limits.js';

// Partner logos and marketing images are kept per partner code (SPEC.md §3: one image per partner),
// while access is granted per access type and partner. A code is usable when the user may use
// any partner of that code.

export type PartnerRef = { accessTypeCode: string; partnerCode: string };

export function canAccessPartnerCode(
  principal: Principal,
  partnerCode: string,
  partners: readonly PartnerRef[],
  feature: Feature = 'NO_FEATURE_REQUIRED',
): boolean {
  const code = partnerCode.toUpperCase();
  return partners.some(
    (partner) =>
      partner.partnerCode.toUpperCase() === code &&
      isAllowed(principal, {
        feature,
        accessTypeCode: partner.accessTypeCode,
        partnerCode: partner.partnerCode,
      }),
  );
}

/** GET /api/marketing/partners: access types, and partners keyed by access type code. */
export type { MarketingPartners } from '../api/marketing.js';

export type MarketingDestination =
  | { kind: 'none' }
  | { kind: 'upload'; partnerCode: string }
  | { kind: 'choose' };

/** §2 Marketing select: no partners explains the missing access; one type and one partner goes straight on. */
export function marketingDestination(reply: MarketingPartners): MarketingDestination {
  const lists = reply.accessTypes.map((type) => reply.partners[type.code] ?? []).filter((l) => l.length > 0);
  if (lists.length === 0) return { kind: 'none' };
  const [only] = lists;
  if (lists.length === 1 && only?.length === 1 && only[0])
    return { kind: 'upload', partnerCode: only[0].code };
  return { kind: 'choose' };
}

/** §9: the mobile marketing popup is shown once, for partner codes BJS, SAM and WSI. */
export function shouldShowMarketingPopup(
  partnerCode: string,
  context: { isMobile: boolean; alreadyShown: boolean },
): boolean {
  const code = partnerCode.toUpperCase();
  return (
    context.isMobile &&
    !context.alreadyShown &&
    (MARKETING_POPUP_PARTNERS as readonly string[]).includes(code)
  );
}
