import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectivePort, isForbiddenAddress, parseAllowedRanges, readAllowedRange } from './address-policy.js';

// Each forbidden range at both of its edges, beside the public address just outside each edge.
const FORBIDDEN = [
  ['0.0.0.0', 'unspecified'],
  ['0.255.255.255', 'this network'],
  ['10.0.0.0', 'private 10/8'],
  ['10.255.255.255', 'private 10/8'],
  ['100.64.0.0', 'carrier-grade NAT'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['127.0.0.0', 'loopback'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.255', 'loopback'],
  ['169.254.0.0', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.255.255', 'link-local'],
  ['172.16.0.0', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12'],
  ['192.168.0.0', 'private 192.168/16'],
  ['192.168.255.255', 'private 192.168/16'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['224.0.0.0', 'multicast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::7f00:1', 'IPv4-compatible'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['fc00::', 'unique-local'],
  ['fc00::1', 'unique-local'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique-local'],
  ['fe80::', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link-local'],
  ['fec0::1', 'site-local, deprecated'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
] as const;

const ALLOWED = [
  ['1.0.0.0', 'just above this network'],
  ['9.255.255.255', 'just below 10/8'],
  ['11.0.0.0', 'just above 10/8'],
  ['100.63.255.255', 'just below carrier-grade NAT'],
  ['100.128.0.0', 'just above carrier-grade NAT'],
  ['126.255.255.255', 'just below loopback'],
  ['128.0.0.0', 'just above loopback'],
  ['169.253.255.255', 'just below link-local'],
  ['169.255.0.0', 'just above link-local'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.0', 'just above 172.16/12'],
  ['192.167.255.255', 'just below 192.168/16'],
  ['192.169.0.0', 'just above 192.168/16'],
  ['223.255.255.255', 'just below multicast'],
  ['93.184.216.34', 'public'],
  ['::ffff:93.184.216.34', 'IPv4-mapped public'],
  ['64:ff9b::5db8:d822', 'NAT64 of public'],
  ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
] as const;

describe('isForbiddenAddress', () => {
  it.each(FORBIDDEN)('forbids %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip, [])).toBe(true);
  });

  it.each(ALLOWED)('allows %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip, [])).toBe(false);
  });

  it('forbids what is not an address in its usual spelling', () => {
    for (const text of ['', 'localhost', '127.1', '0x7f000001', '2130706433', '[::1]', '10.0.0.0/8']) {
      expect(isForbiddenAddress(text, []), text).toBe(true);
    }
  });

  it('opens exactly the allowed ranges', () => {
    const allowed = ['127.0.0.2/32', 'fd00::/8'];
    expect(isForbiddenAddress('127.0.0.2', allowed)).toBe(false);
    expect(isForbiddenAddress('127.0.0.1', allowed)).toBe(true);
    expect(isForbiddenAddress('127.0.0.3', allowed)).toBe(true);
    expect(isForbiddenAddress('fd12::1', allowed)).toBe(false);
    expect(isForbiddenAddress('fc00::1', allowed)).toBe(true);
    expect(isForbiddenAddress('::1', allowed)).toBe(true);
  });

  it('opens an IPv4 range in IPv4 only: its mapped and NAT64 forms stay refused unless named', () => {
    const allowed = ['127.0.0.2/32'];
    for (const v6 of ['::ffff:127.0.0.2', '::ffff:7f00:2', '64:ff9b::7f00:2', '64:ff9b::127.0.0.2']) {
      expect(isForbiddenAddress(v6, allowed), v6).toBe(true);
      expect(isForbiddenAddress(v6, allowed, 443), v6).toBe(true);
    }
    expect(isForbiddenAddress('::ffff:127.0.0.2', [...allowed, '::ffff:127.0.0.2/128'])).toBe(false);
    expect(isForbiddenAddress('64:ff9b::7f00:2', [...allowed, '64:ff9b::/96'])).toBe(false);
    // A named IPv6 form opens that form, not the IPv4 address itself.
    expect(isForbiddenAddress('127.0.0.1', ['::ffff:127.0.0.1/128', '64:ff9b::/96'])).toBe(true);
  });

  it('opens a range naming a port on that port only', () => {
    const allowed = ['127.0.0.1/32:8020', '[::1]/128:8020'];
    expect(isForbiddenAddress('127.0.0.1', allowed, 8020)).toBe(false);
    expect(isForbiddenAddress('::1', allowed, 8020)).toBe(false);
    for (const port of [8019, 8021, 80, 443, 5432, 6379, 8000, 8010, 1, 65535]) {
      expect(isForbiddenAddress('127.0.0.1', allowed, port), String(port)).toBe(true);
      expect(isForbiddenAddress('::1', allowed, port), String(port)).toBe(true);
    }
    expect(isForbiddenAddress('127.0.0.1', allowed)).toBe(true);
    expect(isForbiddenAddress('127.0.0.2', allowed, 8020)).toBe(true);
    // Both forms of the same range: one port, and every port.
    expect(isForbiddenAddress('127.0.0.1', [...allowed, '127.0.0.0/8'], 5432)).toBe(false);
    expect(isForbiddenAddress('::ffff:127.0.0.1', allowed, 8020)).toBe(true);
    expect(isForbiddenAddress('64:ff9b::7f00:1', allowed, 8020)).toBe(true);
  });

  it('opens a port-scoped range on its port and on no other, wherever the address lies', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4NearEdges(), fc.ipV6()), port(), port(), (ip, opened, asked) => {
        const written = ip.includes(':') ? `[${ip}]/128` : `${ip}/32`;
        const verdict = isForbiddenAddress(ip, [`${written}:${opened}`], asked);
        expect(verdict).toBe(opened === asked ? false : isForbiddenAddress(ip, [], asked));
      }),
    );
  });

  it('never lets an allowed IPv4 address open its IPv6 forms', () => {
    fc.assert(
      fc.property(ipv4NearEdges(), fc.option(port(), { nil: undefined }), (ip, opened) => {
        const allowed = [opened === undefined ? `${ip}/32` : `${ip}/32:${opened}`];
        for (const v6 of [`::ffff:${ip}`, `64:ff9b::${ip}`]) {
          expect(isForbiddenAddress(v6, allowed, opened)).toBe(isForbiddenAddress(v6, [], opened));
        }
      }),
    );
  });

  it('judges an IPv4 address the same inside IPv4-mapped and NAT64 IPv6', () => {
    fc.assert(
      fc.property(ipv4NearEdges(), (ip) => {
        const forbidden = isForbiddenAddress(ip, []);
        expect(isForbiddenAddress(`::ffff:${ip}`, [])).toBe(forbidden);
        expect(isForbiddenAddress(`64:ff9b::${ip}`, [])).toBe(forbidden);
      }),
    );
  });

  it('lets an address through once its /32 or /128 is allowed', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4NearEdges(), fc.ipV6()), (ip) => {
        const bits = ip.includes(':') ? 128 : 32;
        expect(isForbiddenAddress(ip, [`${ip}/${bits}`])).toBe(false);
      }),
    );
  });
});

describe('parseAllowedRanges', () => {
  it('reads a comma-separated list, spaces and empty entries aside', () => {
    expect(parseAllowedRanges('')).toEqual([]);
    expect(parseAllowedRanges(' ')).toEqual([]);
    expect(parseAllowedRanges('127.0.0.2/32')).toEqual(['127.0.0.2/32']);
    expect(parseAllowedRanges(' 127.0.0.2/32 , fd00::/8,')).toEqual(['127.0.0.2/32', 'fd00::/8']);
    expect(parseAllowedRanges('127.0.0.1/32:8020, [::1]/128:8020')).toEqual([
      '127.0.0.1/32:8020',
      '[::1]/128:8020',
    ]);
  });

  it('reads the network, its prefix and the port of each form', () => {
    const read = (entry: string) => {
      const { network, bits, port } = readAllowedRange(entry);
      return [network.toString(), bits, port];
    };
    expect(read('127.0.0.1/32:8020')).toEqual(['127.0.0.1', 32, 8020]);
    expect(read('10.0.0.0/8')).toEqual(['10.0.0.0', 8, undefined]);
    expect(read('[::1]/128:8020')).toEqual(['::1', 128, 8020]);
    expect(read('[fd00::]/8')).toEqual(['fd00::', 8, undefined]);
    expect(read('fd00::/8')).toEqual(['fd00::', 8, undefined]);
    expect(read('::1/128:1')).toEqual(['::1', 128, 1]);
    expect(read('127.0.0.1/32:65535')).toEqual(['127.0.0.1', 32, 65535]);
  });

  it('reads back every range and port it is given', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4NearEdges(), fc.ipV6()), fc.nat(), port(), (ip, n, p) => {
        const v6 = ip.includes(':');
        const bits = n % (v6 ? 129 : 33);
        const entry = v6 ? `[${ip}]/${bits}:${p}` : `${ip}/${bits}:${p}`;
        expect(parseAllowedRanges(entry)).toEqual([entry]);
        expect(readAllowedRange(entry).port).toBe(p);
        expect(readAllowedRange(entry).bits).toBe(bits);
      }),
    );
  });

  it('names the entry that is not a CIDR range', () => {
    expect(() => parseAllowedRanges('127.0.0.2/32,127.0.0.3')).toThrow(
      "'127.0.0.3' is not an address range: write it as CIDR with an optional port, such as 127.0.0.2/32, fd00::/8, 127.0.0.1/32:8020 or [::1]/128:8020.",
    );
    for (const entry of [
      '10.0.0.0/33',
      '::/129',
      'localhost/8',
      '127.1/8',
      '0x7f000001/32',
      '[127.0.0.1]/32',
      '[::1/128]:8020',
      '::1:8020',
      '127.0.0.1:8020',
      '127.0.0.1/32:',
      '127.0.0.1/32:http',
      '127.0.0.1/32:+80',
      '127.0.0.1/32:123456',
      '127.0.0.1/32/8020',
      '127.0.0.1/32:8020:8021',
      '/32',
    ]) {
      expect(() => parseAllowedRanges(entry), entry).toThrow(`'${entry}' is not an address range`);
    }
  });

  it('names the entry whose port is not from 1 to 65535', () => {
    for (const entry of ['127.0.0.1/32:0', '127.0.0.1/32:65536', '127.0.0.1/32:99999', '[::1]/128:08020']) {
      expect(() => parseAllowedRanges(entry), entry).toThrow(
        `'${entry}' is not an address range: its port must be a number from 1 to 65535, as in 127.0.0.1/32:8020.`,
      );
    }
  });
});

describe('effectivePort', () => {
  it("is the port the URL names, else its scheme's", () => {
    expect(effectivePort(new URL('https://hooks.example.com/'))).toBe(443);
    expect(effectivePort(new URL('https://hooks.example.com:443/'))).toBe(443);
    expect(effectivePort(new URL('http://127.0.0.1/'))).toBe(80);
    expect(effectivePort(new URL('http://127.0.0.1:80/'))).toBe(80);
    expect(effectivePort(new URL('http://127.0.0.1:8020/webhooks'))).toBe(8020);
    expect(effectivePort(new URL('https://[::1]:5432/'))).toBe(5432);
    expect(effectivePort(new URL('http://127.0.0.1:443/'))).toBe(443);
  });
});

const port = () => fc.oneof(fc.constantFrom(1, 80, 443, 8020, 65535), fc.integer({ min: 1, max: 65535 }));

/** IPv4 addresses, half of them within 2 of a range edge, where a policy is most likely wrong. */
function ipv4NearEdges(): fc.Arbitrary<string> {
  const edges = [
    0x00000000, 0x01000000, 0x0a000000, 0x0b000000, 0x64400000, 0x64800000, 0x7f000000, 0x80000000,
    0xa9fe0000, 0xa9ff0000, 0xac100000, 0xac200000, 0xc0a80000, 0xc0a90000, 0xe0000000, 0xf0000000,
    0xffffffff,
  ];
  const nearEdge = fc
    .tuple(fc.constantFrom(...edges), fc.integer({ min: -2, max: 2 }))
    .map(([edge, offset]) => Math.min(0xffffffff, Math.max(0, edge + offset)));
  return fc.oneof(nearEdge, fc.nat({ max: 0xffffffff })).map(dottedQuad);
}

function dottedQuad(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
}
