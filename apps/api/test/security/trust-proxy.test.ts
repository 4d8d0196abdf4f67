import { createTestApp, type TestApp } from '@portal/testing/api';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

// ISSUE 11 point 6: the sign-in rate limit counts per client address, and a client must not be
// able to choose that address with X-Forwarded-For. Proxies are believed only when TRUST_PROXY
// names them (a hop count, or their addresses/CIDRs).
describe('TRUST_PROXY and the sign-in rate limit', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Status of each call to /api/login/redirect, each claiming another client address. */
  const spoofedCalls = async (app: TestApp['app'], remoteAddress: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const reply = await app.inject({
        url: '/api/login/redirect?username=a@demo.portal',
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(reply.statusCode);
    }
    return statuses;
  };

  it('by default ignores X-Forwarded-For: the limit holds whatever address a client claims', async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
    expect(await spoofedCalls(t.app, '198.51.100.7', 4)).toEqual([200, 200, 429, 429]);
  });

  it('believes a proxy named by address or range: each forwarded client counts alone', async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.0/8, 198.51.100.7' });
    expect(await spoofedCalls(t.app, '198.51.100.7', 4)).toEqual([200, 200, 200, 200]);
    // A caller that is not one of the named proxies cannot forward.
    expect(await spoofedCalls(t.app, '192.0.2.9', 3)).toEqual([200, 200, 429]);
  });

  it('believes as many proxies as a hop count says, and no more', async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '1' });
    // One proxy appends the address it saw (192.0.2.1); what the client wrote before it is not believed.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await t.app.inject({
        url: '/api/login/redirect?username=a@demo.portal',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 192.0.2.1` },
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it.each([
    ['', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8,::1,fd00::/8,loopback', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1'])(
    'refuses TRUST_PROXY=%j at start-up, naming the setting',
    (value) => {
      expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});
