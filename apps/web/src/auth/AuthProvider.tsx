import type { PortalUser, SignedInStatus } from '@portal/domain/api/user';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, get } from '../api/api.js';
import { type Auth, AuthContext, type AuthState } from './auth-context.js';
import { asksWhoIsSignedIn, rememberSignedIn, STATUS_PATH, USER_PATH } from './sign-in-check.js';
import { toPrincipal } from './user.js';

/**
 * The status call (main.tsx sent it early: sign-in-check.ts), whose OK carries the user. Never the
 * user read beside it: for a browser whose session is over, that read answered 401, a console error
 * on the way to the login page. An OK without the user reads it after (GET /api/user, whose failure
 * may name a `uri` to follow).
 */
export async function loadAuthState(): Promise<AuthState> {
  let answer: SignedInStatus | undefined;
  try {
    answer = await get<SignedInStatus>(STATUS_PATH, { redirect: false });
    if (answer?.status !== 'OK') return { status: 'unauthenticated' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'unauthenticated' };
    return { status: 'failed', error };
  }
  if (answer.user) return { status: 'authenticated', user: answer.user, principal: toPrincipal(answer.user) };
  try {
    // An ordinary read: a reply naming a `uri` (such as /user-not-found) is followed.
    const user = await get<PortalUser>(USER_PATH);
    return { status: 'authenticated', user, principal: toPrincipal(user) };
  } catch (error) {
    if (error instanceof ApiError && error.redirectedTo !== null) return { status: 'unknown' };
    return { status: 'failed', error };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'unknown' });
  const { pathname } = useLocation();
  const asked = useRef(false);
  // Counts clears: an answer to a check started before the last clear (logout) is stale.
  const clears = useRef(0);

  const reload = useCallback(async () => {
    asked.current = true;
    const started = clears.current;
    const next = await loadAuthState();
    if (clears.current !== started) return;
    if (next.status === 'authenticated' || next.status === 'unauthenticated') {
      rememberSignedIn(next.status === 'authenticated');
    }
    setState(next);
  }, []);

  const clear = useCallback(() => {
    clears.current += 1;
    rememberSignedIn(false);
    setState({ status: 'unauthenticated' });
  }, []);

  // Asked once, when the first page that needs it shows: at once on a signed-in page; on the login
  // page only in a browser that has had a session (sign-in-check.ts), else when the visitor moves on
  // to a signed-in page.
  const wanted = asksWhoIsSignedIn(pathname);
  useEffect(() => {
    if (wanted && !asked.current) void reload();
  }, [wanted, reload]);

  const value = useMemo<Auth>(() => ({ ...state, reload, clear }), [state, reload, clear]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
