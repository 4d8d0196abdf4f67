import { describe, expect, it } from 'vitest';
import { isExternalLink, isSafeExternalHref } from './external-link.js';

const origin = 'https://portal.example.com';

describe('external links', () => {
  it('are http(s) links to another host', () => {
    expect(isExternalLink('https://www.example.org/help', origin)).toBe(true);
    expect(isExternalLink('http://portal.example.com:8080/x', origin)).toBe(true);
    expect(isExternalLink('//cdn.example.net/file', origin)).toBe(true);
  });

  it('are not relative, same-host or non-web links', () => {
    expect(isExternalLink('/faqs', origin)).toBe(false);
    expect(isExternalLink('faqs?x=1', origin)).toBe(false);
    expect(isExternalLink('https://PORTAL.example.com/report-an-issue', origin)).toBe(false);
    expect(isExternalLink('https://portal.example.com/x', 'https://PORTAL.Example.com')).toBe(false);
    expect(isExternalLink('ftp://files.example.org/x', origin)).toBe(false);
    expect(isExternalLink('mailto:support@example.com', origin)).toBe(false);
    expect(isExternalLink('tel:+18005550100', origin)).toBe(false);
    expect(isExternalLink('http://[bad', origin)).toBe(false);
  });

  it('open only http(s) addresses', () => {
    expect(isSafeExternalHref('https://www.example.org')).toBe(true);
    expect(isSafeExternalHref('http://www.example.org')).toBe(true);
    expect(isSafeExternalHref('ftp://www.example.org')).toBe(false);
    expect(isSafeExternalHref('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalHref('data:text/html,hi')).toBe(false);
    expect(isSafeExternalHref('/relative')).toBe(false);
  });
});
