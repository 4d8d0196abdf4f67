import { PAGES, type PageName } from '@portal/domain';
import { generatePath, type Params } from 'react-router-dom';

/** The address of a page, its parameters taken from `params` (usually the current route's). */
export function pathOf(page: PageName, params: Params = {}): string {
  const pattern: string = PAGES[page].path;
  return generatePath(pattern, params);
}
