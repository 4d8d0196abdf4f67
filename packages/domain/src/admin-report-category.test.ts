import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanOwnerEmails,
  normalizeReportCategory,
  reportCategoryProblems,
  stripLinkPunctuation,
} from './admin-report-category.js';

const valid = {
  code: 'FEES',
  name: 'Fees',
  frequencyTypes: [{ code: 'DLY' }],
  hasExternalLink: false,
  externalLink: null,
  ownerEmails: [],
};

describe('report category rules', () => {
  it('requires code and name', () => {
    expect(reportCategoryProblems({ ...valid, code: ' ', name: '' })).toEqual([
      { field: 'code', message: 'This field is required.' },
      { field: 'name', message: 'This field is required.' },
    ]);
    expect(reportCategoryProblems(valid)).toEqual([]);
  });

  it('requires the external link when the box is checked', () => {
    for (const externalLink of [null, '', '  ', '"..."']) {
      expect(reportCategoryProblems({ ...valid, hasExternalLink: true, externalLink })).toEqual([
        {
          field: 'externalLink',
          message: 'External link is required if this report category is on another website.',
        },
      ]);
    }
    expect(reportCategoryProblems({ ...valid, hasExternalLink: false, externalLink: '' })).toEqual([]);
  });

  it('strips leading and trailing punctuation from the link', () => {
    expect(stripLinkPunctuation(' "https://example.com/a?b=1".) ')).toBe('https://example.com/a?b=1');
    expect(stripLinkPunctuation('(https://example.com)')).toBe('https://example.com');
    const values = normalizeReportCategory({
      ...valid,
      hasExternalLink: true,
      externalLink: "'https://x.example/r',",
    });
    expect(values.externalLink).toBe('https://x.example/r');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const stripped = stripLinkPunctuation(text);
        expect(stripLinkPunctuation(stripped)).toBe(stripped);
        expect(stripped).not.toMatch(/^[\p{P}\p{S}\s]|[\p{P}\p{S}\s]$/u);
      }),
    );
  });

  it('accepts only web addresses as the link', () => {
    expect(
      reportCategoryProblems({ ...valid, hasExternalLink: true, externalLink: 'javascript:alert(1)' })[0]
        ?.field,
    ).toBe('externalLink');
  });

  it('drops the link when the box is not checked', () => {
    expect(normalizeReportCategory({ ...valid, externalLink: 'https://x.example' }).externalLink).toBe(null);
  });

  it('removes blank owner emails and checks the others', () => {
    expect(cleanOwnerEmails(['', ' a@x.example ', '  ', 'A@x.example', 'b@x.example'])).toEqual([
      'a@x.example',
      'b@x.example',
    ]);
    expect(reportCategoryProblems({ ...valid, ownerEmails: ['', 'a@x.example', ' '] })).toEqual([]);
    expect(reportCategoryProblems({ ...valid, ownerEmails: ['a@x.example', 'not-an-address'] })).toEqual([
      { field: 'ownerEmails', message: 'not-an-address is not a valid email address.' },
    ]);
  });

  it('needs at least one frequency type', () => {
    expect(reportCategoryProblems({ ...valid, frequencyTypes: [] })).toEqual([
      { field: 'frequencyTypes', message: 'At least one option must be selected.' },
    ]);
  });
});
