// The host of an endpoint is resolved once per delivery and the connection goes to the address
// checked here (deliver.ts), so a DNS answer that changes between check and connect cannot
// lead the request into the portal's network.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { effectivePort, isForbiddenAddress } from './address-policy.js';

export type ResolvedAddress = { address: string; family: number };
export type LookupAll = (hostname: string) => Promise<readonly ResolvedAddress[]>;
export type EndpointAddress = { address: string; family: 4 | 6 };

export class ForbiddenAddressError extends Error {
  override readonly name = 'ForbiddenAddressError';
  constructor(readonly address: string) {
    super(
      'The endpoint resolves to an address the portal does not send to (loopback, private, link-local or metadata).',
    );
  }
}

export class UnresolvableHostError extends Error {
  override readonly name = 'UnresolvableHostError';
  constructor(
    readonly hostname: string,
    options?: ErrorOptions,
  ) {
    super("The endpoint's host name does not resolve.", options);
  }
}

const lookupAll: LookupAll = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

/**
 * The address to connect to for `url`: the first the host resolves to, once every address it
 * resolves to has been found allowed (a name with one private address among public ones is
 * refused, since a client could be given any of them). An allowed range that names a port opens
 * only the URL's effective port.
 */
export async function resolveEndpoint(
  url: URL,
  options: { allowed: readonly string[]; lookup?: LookupAll },
): Promise<EndpointAddress> {
  // URL writes an IPv6 host in brackets; an IP literal is the address itself, nothing to look up.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literalFamily = isIP(hostname);
  let addresses: readonly ResolvedAddress[];
  if (literalFamily !== 0) {
    addresses = [{ address: hostname, family: literalFamily }];
  } else {
    try {
      addresses = await (options.lookup ?? lookupAll)(hostname);
    } catch (error) {
      throw new UnresolvableHostError(hostname, { cause: error });
    }
  }
  const first = addresses[0];
  if (first === undefined) throw new UnresolvableHostError(hostname);
  const port = effectivePort(url);
  const forbidden = addresses.find(({ address }) => isForbiddenAddress(address, options.allowed, port));
  if (forbidden !== undefined) throw new ForbiddenAddressError(forbidden.address);
  return { address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
