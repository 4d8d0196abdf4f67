import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, get } from '../api/api.js';
import { type Auth, AuthContext, type AuthState } from './auth-context.js';
import { type PortalUser, toPrincipal } from './user.js';

export async function loadAuthState(): Promise<AuthState> {
  // The user is asked for alongside the probe, not after it: one round trip less before the
  // first page shows (issue 16). Its failure is looked at only when the probe said OK.
  const early = get<PortalUser>('/api/user', { redirect: false }).then(
    (user) => ({ user }),
    (error: unknown) => ({ error }),
  );
  try {
    const answer = await get<{ status?: string }>('/api/user/authenticated', { redirect: false });
    if (answer?.status !== 'OK') return { status: 'unauthenticated' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'unauthenticated' };
    return { status: 'failed', error };
  }
  const first = await early;
  if ('user' in first)
    return { status: 'authenticated', user: first.user, principal: toPrincipal(first.user) };
  try {
    // Asked again as an ordinary read: a reply naming a `uri` (such as /user-not-found) is followed.
    const user = await get<PortalUser>('/api/user');
    return { status: 'authenticated', user, principal: toPrincipal(user) };
  } catch (error) {
    if (error instanceof ApiError && error.redirectedTo !== null) return { status: 'unknown' };
    return { status: 'failed', error };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'unknown' });

  const reload = useCallback(async () => {
    setState(await loadAuthState());
  }, []);

  const clear = useCallback(() => setState({ status: 'unauthenticated' }), []);

  useEffect(() => {
    let current = true;
    void loadAuthState().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, []);

  const value = useMemo<Auth>(() => ({ ...state, reload, clear }), [state, reload, clear]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
