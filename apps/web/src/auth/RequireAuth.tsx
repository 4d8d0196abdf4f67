import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPathFor } from '../api/api.js';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { useAuth } from './auth-context.js';

/**
 * Renders its children once the user is known to be signed in; otherwise goes to the login page,
 * which signs in and comes back to this page (its path and query).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  switch (auth.status) {
    case 'unknown':
      return <CenteredLoader />;
    case 'unauthenticated':
      return <Navigate to={loginPathFor(pathname + search)} replace />;
    case 'failed':
      throw auth.error;
    case 'authenticated':
      return children;
  }
}
