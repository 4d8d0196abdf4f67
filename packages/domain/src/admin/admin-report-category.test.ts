import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanOwnerEmails,
  INVALID_EXTERNAL_LINK,
  isEmailAddress,
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

  it('keeps no link when the box is checked but none was sent', () => {
    expect(
      normalizeReportCategory({ ...valid, hasExternalLink: true, externalLink: null }).externalLink,
    ).toBe(null);
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

  // Issue 26: each limit at and past it, and the email pattern's near misses.
  it.each([
    [{ code: 'C'.repeat(50) }, []],
    [{ code: 'C'.repeat(51) }, [{ field: 'code', message: 'Use at most 50 characters.' }]],
    [{ name: 'n'.repeat(200) }, []],
    [{ name: 'n'.repeat(201) }, [{ field: 'name', message: 'Use at most 200 characters.' }]],
    [{ name: ' ' }, [{ field: 'name', message: 'This field is required.' }]],
    [{ hasExternalLink: true, externalLink: `https://x.example/${'a'.repeat(1982)}` }, []],
    [
      { hasExternalLink: true, externalLink: `https://x.example/${'a'.repeat(1983)}` },
      [{ field: 'externalLink', message: 'Use at most 2000 characters.' }],
    ],
    [
      { hasExternalLink: true, externalLink: 'javascript:alert(1)' },
      [{ field: 'externalLink', message: INVALID_EXTERNAL_LINK }],
    ],
    [{ hasExternalLink: false, externalLink: 'javascript:alert(1)' }, []],
  ])('%o', (change, expected) => {
    expect(reportCategoryProblems({ ...valid, ...change })).toEqual(expected);
  });

  it('names the code that cannot be a folder name, and says nothing of a blank one but that it is required', () => {
    const [problem, ...more] = reportCategoryProblems({ ...valid, code: '..' });
    expect(more).toEqual([]);
    expect(problem?.field).toBe('code');
    expect(problem?.message).toMatch(/^The code .+\.$/);
    expect(reportCategoryProblems({ ...valid, code: '  ' })).toEqual([
      { field: 'code', message: 'This field is required.' },
    ]);
  });

  it.each([
    ['a@b.co', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['a@b.c d', false],
    ['@b.co', false],
    ['a@.co', false],
    ['a@b.', false],
    ['xa@b.co', true],
    ['a@b.cox', true],
    [`${'a'.repeat(249)}@b.co`, true],
    [`${'a'.repeat(250)}@b.co`, false],
  ])('%s is an email address: %s', (value, expected) => expect(isEmailAddress(value)).toBe(expected));

  it('names the first bad owner email after dropping blanks and repeats, and stores each once', () => {
    const ownerEmails = [' a@b.co ', '', 'A@B.CO', 'bad', 'worse'];
    expect(reportCategoryProblems({ ...valid, ownerEmails })).toEqual([
      { field: 'ownerEmails', message: 'bad is not a valid email address.' },
    ]);
    expect(cleanOwnerEmails(ownerEmails)).toEqual(['a@b.co', 'bad', 'worse']);
  });

  it('stores the code, name and frequency types trimmed, each type once, and a blank link as none', () => {
    expect(
      normalizeReportCategory({
        ...valid,
        code: ' FEES ',
        name: ' Fees ',
        frequencyTypes: [{ code: ' DLY ' }, { code: 'DLY' }, { code: 'MLY' }],
        hasExternalLink: true,
        externalLink: ' ". ',
      }),
    ).toEqual({
      code: 'FEES',
      name: 'Fees',
      frequencyTypeCodes: ['DLY', 'MLY'],
      externalLink: null,
      ownerEmails: [],
    });
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): the code is judged as it is stored, trimmed.
describe('report category code around white space', () => {
  it('accepts a code typed with spaces around it', () => {
    expect(reportCategoryProblems({ ...valid, code: '  FEES ' })).toEqual([]);
  });
});
