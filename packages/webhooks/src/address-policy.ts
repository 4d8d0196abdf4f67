// Which addresses the portal refuses to send a webhook to: anything but the public internet, so an
// endpoint cannot reach the portal's own network, its loopback or the cloud metadata service.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
// IPv4-compatible IPv6 (RFC 4291, deprecated): ipaddr.js calls it unicast, yet a sit tunnel would
// carry it to the IPv4 inside. Nothing legitimate uses it, so it is refused whole.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * True unless `ip` is a public unicast address or lies in one of `allowed` (CIDR ranges, e.g.
 * '127.0.0.2/32' for a receiver in tests). An IPv6 address carrying an IPv4 one (IPv4-mapped,
 * NAT64) is judged as that IPv4 address. A text that is not an address in its usual spelling is
 * forbidden: ipaddr.js reads '127.1' or '0x7f000001' as addresses a socket would take for names.
 */
export function isForbiddenAddress(ip: string, allowed: readonly string[]): boolean {
  if (isIP(ip) === 0) return true;
  let written: Address;
  try {
    written = ipaddr.parse(ip);
  } catch {
    return true;
  }
  const judged = embeddedIPv4(written) ?? written;
  if (allowed.some((range) => inRange(judged, range) || inRange(written, range))) return false;
  if (judged.kind() === 'ipv6' && judged.match(IPV4_COMPATIBLE)) return true;
  return judged.range() !== 'unicast';
}

/** The ranges of a comma-separated setting such as '127.0.0.2/32, fd00::/8' ('' is none). */
export function parseAllowedRanges(text: string): string[] {
  const ranges = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const range of ranges) {
    if (!ipaddr.isValidCIDR(range)) {
      throw new Error(
        `'${range}' is not an address range: write it as CIDR, such as 127.0.0.2/32 or fd00::/8.`,
      );
    }
  }
  return ranges;
}

function embeddedIPv4(address: Address): ipaddr.IPv4 | undefined {
  if (address.kind() !== 'ipv6') return undefined;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  if (v6.match(NAT64)) return new ipaddr.IPv4(v6.toByteArray().slice(12));
  return undefined;
}

function inRange(address: Address, range: string): boolean {
  const [network, bits] = ipaddr.parseCIDR(range);
  return address.kind() === network.kind() && address.match(network, bits);
}
