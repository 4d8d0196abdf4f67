import { needsHumanVerification, type Principal } from './permissions.js';

/**
 * An external user may download only within `minutes` of a passed human verification (at
 * `humanVerifiedAt`, on their session); a verification dated after `now` (a clock step back)
 * counts as none. Internal users and service accounts need none.
 */
export function hasFreshVerification(
  principal: Pick<Principal, 'isExternalUser'> & { humanVerifiedAt: Date | null },
  minutes: number,
  now: number,
): boolean {
  if (!needsHumanVerification(principal)) return true;
  if (principal.humanVerifiedAt === null) return false;
  const age = now - principal.humanVerifiedAt.getTime();
  return age >= 0 && age <= minutes * 60_000;
}
