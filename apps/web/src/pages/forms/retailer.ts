import { useParams } from 'react-router-dom';

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

export function useRetailer(): string | null {
  return retailerOf(useParams()['retailer-disputes']);
}
