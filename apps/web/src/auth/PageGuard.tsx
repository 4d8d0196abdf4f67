import { isAllowed, PAGES, type PageName } from '@portal/domain';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { RestrictedPage } from '../pages/errors/RestrictedPage.js';
import { usePrincipal } from './auth-context.js';

/**
 * Shows the page only if the user may open it: its feature (SPEC.md §6) and, where the path names
 * an access type or partner, access to that partner. The same rule hides the menu entries.
 */
export function PageGuard({ page, children }: { page: PageName; children: ReactNode }) {
  const principal = usePrincipal();
  const { accessTypeCode, partnerCode } = useParams();
  const allowed = isAllowed(principal, { feature: PAGES[page].feature, accessTypeCode, partnerCode });
  return allowed ? children : <RestrictedPage />;
}
