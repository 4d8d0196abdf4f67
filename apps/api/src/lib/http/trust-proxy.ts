import { isIP } from 'node:net';

// Which proxies may tell the API a client's address (X-Forwarded-For). Off unless TRUST_PROXY
// names them: otherwise any client could pick its own address and sidestep the per-address
// sign-in rate limit (ISSUE 11). Either a hop count (the number of proxies in front of the API)
// or a comma-separated list of addresses and CIDR ranges of the proxies (proxy-addr's keywords
// loopback, linklocal and uniquelocal too).

export type TrustProxy = false | number | string[];

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const setting = (value ?? '').trim();
  if (setting === '' || setting.toLowerCase() === 'false') return false;
  if (/^\d{1,2}$/.test(setting)) return Number(setting) === 0 ? false : Number(setting);
  const entries = setting.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    return {
      problem: `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (not ${wrong.map((w) => JSON.stringify(w)).join(', ')})`,
    };
  }
  return entries;
}

/** Fastify's option: a hop count as the function Fastify itself builds from one (its types lack numbers). */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
