import type { PortalUser, SignedInStatus } from '@portal/domain/api/user';
import { PUBLIC_PAGE_PATHS } from '@portal/domain/navigation/pages';
import { peekEarlyRead, readEarly } from '../api/api.js';

// When the first page asks who is signed in (SPEC.md §4: a status call, then the user). Kept free of
// React and the app so that main.tsx can send the reads before the rest of the code has arrived.

export const STATUS_PATH = '/api/user/authenticated';
export const USER_PATH = '/api/user';

/** Set in this browser while it has a session the SPA has seen; the login page asks only then. */
const SIGNED_IN_KEY = 'portal.signedIn';

const PUBLIC_PAGES = PUBLIC_PAGE_PATHS.map((path) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`));

/** A page open without a session: login, logout, user not found, not authorized, invitations. */
export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.some((page) => page.test(pathname));
}

function hasSignedInMark(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Keeps the mark in step with what the status call said (and forgets it on logout). */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode): the login page then shows its form without asking.
  }
}

/**
 * Whether the first page asks the API who is signed in. A signed-in page always does. A public page
 * (the login page, which sends a signed-in user on to '/') asks only in a browser that has had a
 * session here: asked without one, the status call answers 401, which the browser reports as a
 * console error on the sign-in page of every new visitor (issue 24). A session is made only by
 * signing in through the portal, whose first page leaves the mark.
 */
export function asksWhoIsSignedIn(pathname: string): boolean {
  if (isLogoutPage(pathname)) return false;
  return !isPublicPage(pathname) || hasSignedInMark();
}

/**
 * The logout page ends the session itself: a status call sent beside its logout call could be
 * answered OK before the session ends and its user read 401 after, which sends the page to the login
 * page instead of "You have been logged out."
 */
function isLogoutPage(pathname: string): boolean {
  return /^\/logout\/?$/.test(pathname);
}

/**
 * Sends the sign-in check at once, from main.tsx, while the phone is still receiving the app (issue
 * 24): the status call, whose answer is a 200 either way and carries the signed-in user. Answers
 * that user, or null (signed out, or not asked): the page's first reads wait for it, to be sent only
 * when it may make them.
 */
export function startSignInCheck(pathname: string): Promise<PortalUser | null> {
  if (!asksWhoIsSignedIn(pathname)) return Promise.resolve(null);
  readEarly([STATUS_PATH]);
  return peekEarlyRead<SignedInStatus>(STATUS_PATH).then((answer) =>
    answer?.status === 'OK' ? (answer.user ?? null) : null,
  );
}
