import type { FormSettings } from '@portal/domain/api/forms';
import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';

const SUFFIX = '-disputes';

/**
 * The retailer named by the literal segment of /forms/{retailer}-disputes. The router cannot match
 * part of a segment, so the dispute routes take the whole segment and check the suffix here: null
 * means the path is not a dispute page at all.
 */
export function retailerOf(segment: string | undefined): string | null {
  if (segment === undefined || !segment.endsWith(SUFFIX) || segment.length === SUFFIX.length) return null;
  return segment.slice(0, -SUFFIX.length);
}

/**
 * The retailer of the current dispute page: undefined while the setting loads, null when the
 * segment names another retailer than the portal's (FORMS_RETAILER) or is no dispute page.
 */
export function useRetailer(): string | null | undefined {
  const segment = retailerOf(useParams()['retailer-disputes']);
  const { data } = useApi<FormSettings>(segment === null ? null : '/api/form/settings');
  if (segment === null) return null;
  if (data === undefined) return undefined;
  return data.retailer === segment ? segment : null;
}
