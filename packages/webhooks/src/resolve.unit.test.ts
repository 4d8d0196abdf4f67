import * as net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForbiddenAddressError, type LookupAll, resolveEndpoint, UnresolvableHostError } from './resolve.js';

/** A resolver answering from a table, counting what it is asked. */
function lookupFrom(table: Record<string, string[]>) {
  return vi.fn<LookupAll>(async (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIP(address) }));
  });
}

const lookup = lookupFrom({
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'localhost.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'v6-loopback.example.com': ['::1'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
  'test-receiver.example.com': ['127.0.0.2'],
  'empty.example.com': [],
});

afterEach(() => {
  lookup.mockClear();
  vi.restoreAllMocks();
});

async function refusal(url: string, allowed: readonly string[] = []): Promise<unknown> {
  return resolveEndpoint(new URL(url), { allowed, lookup }).then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

describe('resolveEndpoint', () => {
  it('returns the first address of a public name, having asked once', async () => {
    await expect(
      resolveEndpoint(new URL('https://hooks.example.com/x'), { allowed: [], lookup }),
    ).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('hooks.example.com');
    await expect(
      resolveEndpoint(new URL('https://v6.example.com/'), { allowed: [], lookup }),
    ).resolves.toEqual({
      address: '2606:2800:220:1:248:1893:25c8:1946',
      family: 6,
    });
  });

  it.each([
    ['https://localhost.example.com/', '127.0.0.1'],
    ['https://mixed.example.com/', '10.0.0.7'],
    ['https://v6-loopback.example.com/', '::1'],
    ['https://mapped.example.com/', '::ffff:169.254.169.254'],
  ])('refuses %s, naming %s', async (url, address) => {
    const error = await refusal(url);
    expect(error).toBeInstanceOf(ForbiddenAddressError);
    expect(error).toMatchObject({
      address,
      message:
        'The endpoint resolves to an address the portal does not send to (loopback, private, link-local or metadata).',
    });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('uses an IP literal as it is, brackets aside, without looking it up', async () => {
    await expect(
      resolveEndpoint(new URL('https://93.184.216.34:8443/'), { allowed: [], lookup }),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(
      resolveEndpoint(new URL('https://[2606:2800:220:1:248:1893:25c8:1946]/'), { allowed: [], lookup }),
    ).resolves.toEqual({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
    expect(await refusal('https://[::1]/')).toMatchObject({ address: '::1' });
    expect(await refusal('https://[::ffff:7f00:1]/')).toMatchObject({ address: '::ffff:7f00:1' });
    expect(await refusal('https://169.254.169.254/')).toMatchObject({ address: '169.254.169.254' });
    // URL reads these spellings of 127.0.0.1 as that address, before the policy sees them.
    expect(await refusal('https://2130706433/')).toMatchObject({ address: '127.0.0.1' });
    expect(await refusal('https://0x7f.1/')).toMatchObject({ address: '127.0.0.1' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('takes an address the allowed ranges open', async () => {
    await expect(
      resolveEndpoint(new URL('http://test-receiver.example.com:4000/'), {
        allowed: ['127.0.0.2/32'],
        lookup,
      }),
    ).resolves.toEqual({ address: '127.0.0.2', family: 4 });
    expect(await refusal('https://localhost.example.com/', ['127.0.0.2/32'])).toBeInstanceOf(
      ForbiddenAddressError,
    );
  });

  it("judges the URL's effective port against a range naming one", async () => {
    const allowed = ['127.0.0.2/32:4000', '127.0.0.3/32:443', '127.0.0.4/32:80'];
    const resolves = (url: string) => resolveEndpoint(new URL(url), { allowed, lookup });
    await expect(resolves('http://test-receiver.example.com:4000/')).resolves.toEqual({
      address: '127.0.0.2',
      family: 4,
    });
    await expect(resolves('https://127.0.0.3/')).resolves.toMatchObject({ address: '127.0.0.3' });
    await expect(resolves('http://127.0.0.4/')).resolves.toMatchObject({ address: '127.0.0.4' });
    for (const url of [
      'http://test-receiver.example.com:4001/',
      'http://test-receiver.example.com/',
      'https://test-receiver.example.com/',
      'http://127.0.0.3/',
      'https://127.0.0.4/',
      'http://[::ffff:127.0.0.2]:4000/',
    ]) {
      expect(await refusal(url, allowed), url).toBeInstanceOf(ForbiddenAddressError);
    }
  });

  it('says a host that does not resolve does not, keeping the resolver error', async () => {
    for (const url of ['https://missing.example.com/', 'https://empty.example.com/']) {
      const error = await refusal(url);
      expect(error, url).toBeInstanceOf(UnresolvableHostError);
      expect(error).toMatchObject({ message: "The endpoint's host name does not resolve." });
    }
    expect(await refusal('https://missing.example.com/')).toMatchObject({
      hostname: 'missing.example.com',
      cause: { code: 'ENOTFOUND' },
    });
  });

  it('opens no connection', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    await resolveEndpoint(new URL('https://hooks.example.com/'), { allowed: [], lookup });
    await refusal('https://mixed.example.com/');
    expect(connect).not.toHaveBeenCalled();
  });
});
