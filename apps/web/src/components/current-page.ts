import { PAGES, type PageDefinition, type PageName } from '@portal/domain';
import { createContext, useContext } from 'react';

/** The PAGES entry of the route being shown, set by the route table. */
export const CurrentPageContext = createContext<PageName | null>(null);

export function useCurrentPage(): (PageDefinition & { name: PageName }) | null {
  const name = useContext(CurrentPageContext);
  return name === null ? null : { name, ...PAGES[name] };
}
