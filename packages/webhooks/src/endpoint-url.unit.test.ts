import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_URL_MESSAGES,
  endpointUrlHelp,
  endpointUrlProblem,
  MAX_ENDPOINT_URL_LENGTH,
} from './endpoint-url.js';

const httpsOnly = { allowHttp: false };

/** An https URL of exactly `length` characters. */
function urlOfLength(length: number): string {
  const start = 'https://example.com/';
  return start + 'a'.repeat(length - start.length);
}

describe('endpointUrlProblem', () => {
  it('pins the messages shown for the field url', () => {
    expect(ENDPOINT_URL_MESSAGES).toEqual({
      notAUrl: 'Enter the endpoint as a full URL, such as https://example.com/webhooks.',
      tooLong: 'The endpoint URL must be at most 2,000 characters.',
      notHttps: 'The endpoint must use https.',
      credentials: 'The endpoint URL must not carry credentials.',
    });
    expect(MAX_ENDPOINT_URL_LENGTH).toBe(2000);
  });

  it.each([
    'https://example.com/webhooks',
    'https://example.com:8443/webhooks?tenant=7#part',
    'HTTPS://Example.COM/x',
    'https://例え.jp/hooks',
    // An IP literal is the resolver's to judge, like any host.
    'https://127.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://169.254.169.254/latest/meta-data',
  ])('accepts %s', (raw) => {
    expect(endpointUrlProblem(raw, httpsOnly)).toBeUndefined();
  });

  it.each([
    [undefined],
    [null],
    [42],
    [{ href: 'https://example.com' }],
    [['https://example.com']],
    [''],
    ['example.com/webhooks'],
    ['/webhooks'],
    ['https://'],
    ['https://exa mple.com/'],
    ['https://[::1/'],
  ])('asks for a full URL given %j', (raw) => {
    expect(endpointUrlProblem(raw, httpsOnly)).toBe(ENDPOINT_URL_MESSAGES.notAUrl);
  });

  it('takes 2,000 characters and refuses 2,001', () => {
    expect(endpointUrlProblem(urlOfLength(1999), httpsOnly)).toBeUndefined();
    expect(endpointUrlProblem(urlOfLength(2000), httpsOnly)).toBeUndefined();
    expect(endpointUrlProblem(urlOfLength(2001), httpsOnly)).toBe(ENDPOINT_URL_MESSAGES.tooLong);
    expect(endpointUrlProblem('x'.repeat(2001), httpsOnly)).toBe(ENDPOINT_URL_MESSAGES.tooLong);
  });

  it('measures the URL as parsed too, which percent-encoding lengthens', () => {
    const spaces = `https://example.com/${' '.repeat(1000)}end`;
    expect(spaces.length).toBeLessThanOrEqual(2000);
    expect(endpointUrlProblem(spaces, httpsOnly)).toBe(ENDPOINT_URL_MESSAGES.tooLong);
  });

  it('requires https, and takes http only when allowed', () => {
    expect(endpointUrlProblem('http://example.com/hooks', httpsOnly)).toBe(ENDPOINT_URL_MESSAGES.notHttps);
    expect(endpointUrlProblem('http://example.com/hooks', { allowHttp: true })).toBeUndefined();
    for (const raw of [
      'ftp://example.com/hooks',
      'ws://example.com/',
      'file:///etc/passwd',
      'mailto:a@b.c',
    ]) {
      expect(endpointUrlProblem(raw, { allowHttp: true }), raw).toBe(ENDPOINT_URL_MESSAGES.notHttps);
    }
  });

  it('refuses credentials in the URL', () => {
    for (const raw of [
      'https://user@example.com/',
      'https://user:secret@example.com/',
      'https://:secret@example.com/',
    ]) {
      expect(endpointUrlProblem(raw, httpsOnly), raw).toBe(ENDPOINT_URL_MESSAGES.credentials);
    }
    expect(endpointUrlProblem('https://@example.com/', httpsOnly)).toBeUndefined();
  });
});

describe('endpointUrlHelp', () => {
  it('says https only where the settings allow nothing more', () => {
    expect(endpointUrlHelp({ allowHttp: false, allowedRanges: [] })).toBe(
      'https only; it must not resolve to a private, loopback or metadata address.',
    );
  });

  it('says http too, and the ranges opened, where the settings allow them (the demo receiver)', () => {
    expect(endpointUrlHelp({ allowHttp: true, allowedRanges: ['127.0.0.1/32'] })).toBe(
      'https, or http on this installation; it must resolve to a public address, or to one this installation allows: 127.0.0.1/32.',
    );
    expect(endpointUrlHelp({ allowHttp: false, allowedRanges: ['10.0.0.0/8', 'fd00::/8'] })).toBe(
      'https only; it must resolve to a public address, or to one this installation allows: 10.0.0.0/8, fd00::/8.',
    );
  });
});
