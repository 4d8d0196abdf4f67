import { ALL_PARTNERS, type Feature, type PartnerGrant } from '@portal/domain';
import { holdableFeatures } from '@portal/domain/access/feature-holders';
import { formatUsDate } from '@portal/domain/time/iso-date';

// What GET/POST /api/admin/service-accounts and the token calls answer: the types of the API's
// reply schemas (@portal/domain/api/service-accounts).

export const SERVICE_ACCOUNTS_PATH = '/api/admin/service-accounts';

export type {
  IssuedToken,
  ServiceAccount,
  ServiceAccountToken,
} from '@portal/domain/api/service-accounts';

export type NewServiceAccount = {
  userId: string;
  name: string;
  features: Feature[];
  partnerAccess: PartnerGrant[];
};

/** What a service account may hold (the server's rule, feature-holders.ts): never INTERNAL_ADMIN. */
export const SERVICE_ACCOUNT_FEATURES: readonly Feature[] = holdableFeatures('service-account');

/** The server's pattern for a service account's user id. */
export const USER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;
export const USER_ID_HINT = 'Use 3 to 64 letters, digits or . _ @ -, starting with a letter or a digit.';

export const PARTNER_ACCESS_HINT = 'Access type / partner pairs separated by commas, e.g. EXT/BJS, EXT/ALL.';

const PAIR = /^([A-Za-z0-9_-]{1,20})\/([^\s/,]{1,50})$/;

/**
 * 'EXT/BJS, EXT/SAM' as partner grants; 'EXT/ALL' grants every partner of the access type.
 * Access type codes are upper case; an empty text is no partner access.
 */
export function parsePartnerAccess(text: string): { grants: PartnerGrant[] } | { error: string } {
  const grants: PartnerGrant[] = [];
  const entries = text
    .split(/[,\n;]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const match = PAIR.exec(entry.replace(/\s*\/\s*/, '/'));
    if (!match) return { error: `"${entry}" is not an access type / partner pair. ${PARTNER_ACCESS_HINT}` };
    const accessTypeCode = match[1]!.toUpperCase();
    const partnerCode = match[2]!.toUpperCase() === ALL_PARTNERS ? ALL_PARTNERS : match[2]!;
    const known = grants.some(
      (g) => g.accessTypeCode === accessTypeCode && g.partnerCode.toUpperCase() === partnerCode.toUpperCase(),
    );
    if (!known) grants.push({ accessTypeCode, partnerCode });
  }
  return { grants };
}

export const formatPartnerAccess = (grants: readonly PartnerGrant[]) =>
  grants.map((g) => `${g.accessTypeCode}/${g.partnerCode}`).join(', ');

/** A timestamp from the API as MM/dd/yyyy, in UTC. */
export const formatTimestamp = (timestamp: string) => formatUsDate(timestamp.slice(0, 10));

/** The server's message of a failed call, for an alert. */

export { isLeaving } from '../../api/api.js';
