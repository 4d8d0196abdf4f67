import type { Feature } from './features.js';
import { hasFeature, isAllowed, type Principal, type Requirement } from './permissions.js';

/**
 * What a route needs, declared next to it (the API's `config.access`):
 * - 'public': anyone (login, health, the human-verification challenge); no session is read;
 * - 'anyone': anyone, and the caller is known when signed in (a page telling its own people more);
 * - 'authenticated': any signed-in user or service account (NO_FEATURE_REQUIRED);
 * - { feature }: a signed-in user with that feature (an internal admin has every feature).
 */
export type RouteAccess = 'public' | 'anyone' | 'authenticated' | { feature: Feature };

/** allow, 401 (sign in first) or 403 (signed in, not permitted). */
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** A route's own declaration, else its place's (static files, the queue board); neither refuses to register. */
export function declaredAccess(
  own: RouteAccess | undefined,
  place: RouteAccess | undefined,
): RouteAccess | undefined {
  return own ?? place;
}

/** Is the caller looked up: for every route but a public one (and no route matched, a 404). */
export function identifiesCaller(access: RouteAccess | undefined): boolean {
  return access !== undefined && access !== 'public';
}

/** The one check of a route's declared access, before its body is read. */
export function routeAccessDecision(
  access: RouteAccess | undefined,
  principal: Principal | null,
): AccessDecision {
  if (access === undefined || access === 'public' || access === 'anyone') return 'allow';
  if (principal === null) return 'unauthenticated';
  if (access === 'authenticated' || hasFeature(principal, access.feature)) return 'allow';
  return 'forbidden';
}

/** A partner (and access type) a request names, checked where only the handler knows it. */
export function partnerAccessDecision(principal: Principal | null, requirement: Requirement): AccessDecision {
  if (principal === null) return 'unauthenticated';
  return isAllowed(principal, requirement) ? 'allow' : 'forbidden';
}

/** The methods a route is listed under in the access table: HEAD routes are GET's automatic twins. */
export function accessTableMethods(method: string | readonly string[]): string[] {
  return [method].flat().filter((m) => m !== 'HEAD');
}
