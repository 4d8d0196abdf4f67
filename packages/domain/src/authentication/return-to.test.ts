import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX, returnTarget } from './return-to.js';

describe('the page a sign-in returns to', () => {
  it('keeps a page of the route table with its query', () => {
    for (const page of [
      '/',
      '/?tab=x',
      '/partners',
      '/faqs',
      '/partners/EXT/BJS/report-categories/SETTLEMENT/reports?date=2026-11-16',
      '/partners/EXT/BJS/report-categories/SETTLEMENT/reports?date=2026-11-16&endDate=2026-11-28&frequencyType=WLY',
      '/admin/acme-stores/saas-users/edit/analyst.two%40acme.example',
      '/dashboards/tableau/EXT/BJS/7',
      '/forms/walmart-disputes/12/edit',
      '/invitation/abc',
    ]) {
      expect(returnTarget(page), page).toBe(page);
    }
  });

  it('refuses an address of another site, however it is spelled', () => {
    for (const outside of [
      '//evil.example',
      '//evil.example/partners',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/ /evil.example',
      'https://evil.example',
      'https://evil.example/partners',
      'http:/evil.example',
      '///evil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/partners/%2F%2Fevil.example/report-categories',
      'javascript:alert(1)',
      ' /partners',
      'partners',
      '',
    ]) {
      expect(returnTarget(outside), outside).toBeNull();
    }
  });

  it('refuses paths that are not pages, dot segments and empty segments', () => {
    for (const path of [
      '/reports',
      '/login',
      '/login?returnTo=/partners',
      '/logout',
      '/api/user',
      '/api/logout',
      '/partners/',
      '/partners/EXT//report-categories',
      '/admin/..',
      '/admin/../faqs',
      '/admin/%2e%2e/saas-users',
      '/admin/./saas-users',
      '/admin/x/saas-users/extra',
      '/%61dmin/partners',
      '/faqs/%zz',
      '/admin/%zz/saas-users',
      '/admin/%2F/saas-users',
      '/admin/%5C/saas-users',
      '/admin/%2E/saas-users',
      '/my-account#subscriptions',
      '/faqs\u0000',
      '/faqs\u00e9',
      '/faqs\u2028',
    ]) {
      expect(returnTarget(path), path).toBeNull();
    }
  });

  it('refuses what is not text, and text longer than the limit', () => {
    expect(returnTarget(undefined)).toBeNull();
    expect(returnTarget(null)).toBeNull();
    expect(returnTarget(['/faqs'])).toBeNull();
    const at = `/faqs?q=${'a'.repeat(RETURN_TO_MAX - 8)}`;
    expect(at).toHaveLength(RETURN_TO_MAX);
    expect(returnTarget(at)).toBe(at);
    expect(returnTarget(`${at}a`)).toBeNull();
  });

  it('never keeps a target a browser would resolve to another host', () => {
    // Built from the pieces of known tricks, so that many candidates are pages or nearly pages.
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2F',
      '%5C',
      '%2e',
      '.',
      '..',
      'partners',
      'faqs',
      'admin',
      'saas-users',
      'evil.example',
      'https:',
      '@',
      '?',
      '#',
      '\t',
      ' ',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const target = returnTarget(`/${pieces.join('')}`);
        if (target === null) return;
        const resolved = new URL(target, 'https://portal.example');
        expect(resolved.origin).toBe('https://portal.example');
        expect(resolved.pathname).toBe(target.split('?')[0]);
      }),
    );
  });
});
