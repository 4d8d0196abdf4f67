import { describe, expect, it, vi } from 'vitest';
import type { LookupAll } from './resolve.js';
import { ResolvedHosts, WEBHOOK_RESOLVE_TTL_MS } from './resolve-cache.js';

/** A resolver whose answers the test changes, counting the lookups. */
function changingLookup(initial: Record<string, string>) {
  const table = { ...initial };
  const lookup = vi.fn<LookupAll>(async (hostname) => {
    const address = table[hostname];
    if (address === undefined) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  });
  return { lookup, table };
}

describe('ResolvedHosts', () => {
  it('keeps a checked address for its TTL, then resolves and checks the name again', async () => {
    expect(WEBHOOK_RESOLVE_TTL_MS).toBe(60_000);
    const { lookup, table } = changingLookup({ 'hooks.example.com': '93.184.216.34' });
    let now = 0;
    const hosts = new ResolvedHosts({ allowed: [], lookup, clock: () => now });
    const url = new URL('https://hooks.example.com/a');

    await expect(hosts.resolve(url)).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    table['hooks.example.com'] = '93.184.216.35';
    now = WEBHOOK_RESOLVE_TTL_MS - 1;
    await expect(hosts.resolve(new URL('https://hooks.example.com/b'))).resolves.toMatchObject({
      address: '93.184.216.34',
    });
    expect(lookup).toHaveBeenCalledTimes(1);

    now = WEBHOOK_RESOLVE_TTL_MS;
    await expect(hosts.resolve(url)).resolves.toMatchObject({ address: '93.184.216.35' });
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('refuses a name that has come to lead into the private network once its TTL has passed', async () => {
    const { lookup, table } = changingLookup({ 'hooks.example.com': '93.184.216.34' });
    let now = 0;
    const hosts = new ResolvedHosts({ allowed: [], lookup, clock: () => now });
    const url = new URL('https://hooks.example.com/');
    await hosts.resolve(url);
    table['hooks.example.com'] = '10.0.0.7';
    now = WEBHOOK_RESOLVE_TTL_MS + 1;
    await expect(hosts.resolve(url)).rejects.toMatchObject({
      name: 'ForbiddenAddressError',
      address: '10.0.0.7',
    });
    // Nor is the refusal kept: the next attempt asks again.
    table['hooks.example.com'] = '93.184.216.36';
    await expect(hosts.resolve(url)).resolves.toMatchObject({ address: '93.184.216.36' });
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('asks again after a failed lookup, and shares one lookup between attempts at once', async () => {
    const { lookup, table } = changingLookup({});
    const hosts = new ResolvedHosts({ allowed: [], lookup, clock: () => 0 });
    const url = new URL('https://late.example.com/');
    await expect(hosts.resolve(url)).rejects.toMatchObject({ name: 'UnresolvableHostError' });
    table['late.example.com'] = '93.184.216.34';
    const both = await Promise.all([hosts.resolve(url), hosts.resolve(url)]);
    expect(both.map((b) => b.address)).toEqual(['93.184.216.34', '93.184.216.34']);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('keeps hosts apart by name and port, and takes IP literals as they are', async () => {
    const { lookup } = changingLookup({ 'a.example.com': '93.184.216.34', 'b.example.com': '93.184.216.35' });
    const hosts = new ResolvedHosts({ allowed: ['127.0.0.2/32'], lookup, ttlMs: 10, clock: () => 0 });
    await expect(hosts.resolve(new URL('https://a.example.com/'))).resolves.toMatchObject({
      address: '93.184.216.34',
    });
    await expect(hosts.resolve(new URL('https://b.example.com/'))).resolves.toMatchObject({
      address: '93.184.216.35',
    });
    await hosts.resolve(new URL('https://a.example.com:8443/'));
    expect(lookup.mock.calls.map(([host]) => host)).toEqual([
      'a.example.com',
      'b.example.com',
      'a.example.com',
    ]);
    await expect(hosts.resolve(new URL('http://127.0.0.2:8080/'))).resolves.toEqual({
      address: '127.0.0.2',
      family: 4,
    });
    expect(lookup).toHaveBeenCalledTimes(3);
  });
});
