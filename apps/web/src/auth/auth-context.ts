import type { Principal } from '@portal/domain';
import { createContext, useContext } from 'react';
import type { PortalUser } from './user.js';

/**
 * SPEC.md §4: the state starts unknown and is settled by the status call (which a public page of a
 * browser without a session does not make: there it stays unknown, see sign-in-check.ts).
 */
export type AuthState =
  | { status: 'unknown' }
  | { status: 'unauthenticated' }
  | { status: 'failed'; error: unknown }
  | { status: 'authenticated'; user: PortalUser; principal: Principal };

export type Auth = AuthState & {
  /** Loads the status and the user again (after a profile change, for instance). */
  reload: () => Promise<void>;
  /** Forgets the user (logout). */
  clear: () => void;
};

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth is used outside <AuthProvider>');
  return auth;
}

/** The signed-in user; only for pages under <RequireAuth>, which renders nothing until one is known. */
export function useCurrentUser(): { user: PortalUser; principal: Principal } {
  const auth = useAuth();
  if (auth.status !== 'authenticated') throw new Error('useCurrentUser is used outside <RequireAuth>');
  return { user: auth.user, principal: auth.principal };
}

export function usePrincipal(): Principal {
  return useCurrentUser().principal;
}
