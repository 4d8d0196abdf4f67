// Which addresses the portal refuses to send a webhook to: anything but the public internet, so an
// endpoint cannot reach the portal's own network, its loopback or the cloud metadata service.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
// IPv4-compatible IPv6 (RFC 4291, deprecated): ipaddr.js calls it unicast, yet a sit tunnel would
// carry it to the IPv4 inside. Nothing legitimate uses it, so it is refused whole.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** One entry of WEBHOOK_ALLOWED_RANGES, read: a CIDR range, and the one port it opens if it names one. */
export type AllowedRange = { network: Address; bits: number; port?: number };

/**
 * True unless `ip` is a public unicast address or lies in one of `allowed` (entries of
 * parseAllowedRanges, e.g. '127.0.0.2/32' for a receiver in tests, '127.0.0.1/32:8020' for one
 * port of it). A range naming a port opens only connections to `port`, the URL's effective port
 * (with no port given, such a range opens nothing). An IPv6 address carrying an IPv4 one
 * (IPv4-mapped, NAT64) is judged as that IPv4 address, yet a range opens only the addresses
 * written in its own family: an allowed 127.0.0.1/32 does not open ::ffff:127.0.0.1 or
 * 64:ff9b::7f00:1, which reach other sockets (a NAT64 gateway, a dual-stack listener). A text
 * that is not an address in its usual spelling is forbidden: ipaddr.js reads '127.1' or
 * '0x7f000001' as addresses a socket would take for names.
 */
export function isForbiddenAddress(ip: string, allowed: readonly string[], port?: number): boolean {
  if (isIP(ip) === 0) return true;
  let written: Address;
  try {
    written = ipaddr.parse(ip);
  } catch {
    return true;
  }
  if (allowed.some((entry) => opens(readAllowedRange(entry), written, port))) return false;
  const judged = embeddedIPv4(written) ?? written;
  if (judged.kind() === 'ipv6' && judged.match(IPV4_COMPATIBLE)) return true;
  return judged.range() !== 'unicast';
}

export const ALLOWED_RANGE_SYNTAX =
  'write it as CIDR with an optional port, such as 127.0.0.2/32, fd00::/8, 127.0.0.1/32:8020 or [::1]/128:8020';

// The network and its prefix length, then an optional port: the prefix is digits only, so the
// colon after it always starts the port, whichever the family (IPv6 may be written in brackets).
const ENTRY = /^(?<address>[^/]+)\/(?<bits>\d{1,3})(?::(?<port>\d{1,5}))?$/;

/**
 * Reads one entry of the setting (see ALLOWED_RANGE_SYNTAX); throws naming it when it is not one:
 * a network in its usual spelling, a prefix length its family has, a port from 1 to 65535.
 */
export function readAllowedRange(entry: string): AllowedRange {
  const parts = ENTRY.exec(entry)?.groups;
  const bracketed = parts?.address?.match(/^\[(.*)\]$/);
  const address = bracketed ? bracketed[1]! : (parts?.address ?? '');
  const family = isIP(address);
  const cidr = `${address}/${parts?.bits}`;
  if (!parts || family === 0 || (bracketed && family !== 6) || !ipaddr.isValidCIDR(cidr)) {
    throw new Error(`'${entry}' is not an address range: ${ALLOWED_RANGE_SYNTAX}.`);
  }
  const [network, bits] = ipaddr.parseCIDR(cidr);
  if (parts.port === undefined) return { network, bits };
  const port = Number(parts.port);
  if (port < 1 || port > 65535 || parts.port.startsWith('0')) {
    throw new Error(
      `'${entry}' is not an address range: its port must be a number from 1 to 65535, as in 127.0.0.1/32:8020.`,
    );
  }
  return { network, bits, port };
}

/** The entries of a comma-separated setting such as '127.0.0.2/32, [::1]/128:8020' ('' is none). */
export function parseAllowedRanges(text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) readAllowedRange(entry);
  return entries;
}

/** The port a URL connects to: the one it names, else its scheme's (443 for https, 80 for http). */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

function embeddedIPv4(address: Address): ipaddr.IPv4 | undefined {
  if (address.kind() !== 'ipv6') return undefined;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  if (v6.match(NAT64)) return new ipaddr.IPv4(v6.toByteArray().slice(12));
  return undefined;
}

function opens(range: AllowedRange, address: Address, port: number | undefined): boolean {
  if (range.port !== undefined && range.port !== port) return false;
  return address.kind() === range.network.kind() && address.match(range.network, range.bits);
}
