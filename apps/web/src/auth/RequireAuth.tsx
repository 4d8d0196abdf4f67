import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LOGIN_PATH } from '../api/api.js';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { useAuth } from './auth-context.js';

/** Renders its children once the user is known to be signed in; otherwise goes to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  switch (auth.status) {
    case 'unknown':
      return <CenteredLoader />;
    case 'unauthenticated':
      return <Navigate to={LOGIN_PATH} replace />;
    case 'failed':
      throw auth.error;
    case 'authenticated':
      return children;
  }
}
