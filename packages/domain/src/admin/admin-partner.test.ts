import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertsEnabledFor,
  normalizePartner,
  partnerProblems,
  partnerScope,
  sameCode,
  samePartner,
} from './admin-partner.js';

const valid = {
  type: 'EXT',
  code: 'NEW',
  name: 'New partner',
  categories: [{ code: 'SETTLEMENT', frequencyTypes: [{ code: 'DLY' }] }],
};
const catalog = [
  { code: 'SETTLEMENT', frequencyTypes: [{ code: 'DLY' }] },
  { code: 'ACCOUNTS', frequencyTypes: [{ code: 'DLY' }, { code: 'WLY' }] },
];

describe('partner form rules', () => {
  it('requires access type, code and name, blank after trimming counting as missing', () => {
    expect(partnerProblems({ ...valid, type: '', code: '  ', name: '\t' })).toEqual([
      { field: 'type', message: 'This field is required.' },
      { field: 'code', message: 'This field is required.' },
      { field: 'name', message: 'This field is required.' },
    ]);
    expect(partnerProblems(valid, catalog)).toEqual([]);
  });

  it('needs at least one frequency type for each selected category', () => {
    const input = { ...valid, categories: [{ code: 'ACCOUNTS', frequencyTypes: [] }] };
    expect(partnerProblems(input)).toEqual([
      { field: 'categories.ACCOUNTS', message: 'At least one option must be selected.' },
    ]);
  });

  it('checks categories and frequency types against the catalogue when given', () => {
    const unknown = { ...valid, categories: [{ code: 'NOPE', frequencyTypes: [{ code: 'DLY' }] }] };
    expect(partnerProblems(unknown, catalog)[0]?.message).toBe('Unknown report category: NOPE');
    const notOffered = { ...valid, categories: [{ code: 'SETTLEMENT', frequencyTypes: [{ code: 'MLY' }] }] };
    expect(partnerProblems(notOffered, catalog)[0]?.message).toMatch(/MLY is not offered/);
  });

  it('refuses a code that is not one plain storage path segment', () => {
    expect(partnerProblems({ ...valid, code: 'A/B' })[0]).toEqual({
      field: 'code',
      message: 'The code may not contain a slash or a backslash.',
    });
  });

  it('stores trimmed values with the access type upper-cased and no category twice', () => {
    expect(
      normalizePartner({
        type: ' ext ',
        code: ' new ',
        name: ' New ',
        categories: [
          { code: 'ACCOUNTS ', frequencyTypes: [{ code: 'DLY' }] },
          { code: 'accounts', frequencyTypes: [{ code: 'DLY' }, { code: 'WLY' }] },
        ],
      }),
    ).toEqual({
      accessTypeCode: 'EXT',
      code: 'new',
      name: 'New',
      categories: [{ categoryCode: 'ACCOUNTS', frequencyTypeCodes: ['DLY', 'WLY'] }],
    });
  });

  it('calls two partners the same when type and code match trimmed and case-insensitively', () => {
    expect(
      samePartner({ accessTypeCode: 'EXT', code: ' bjs' }, { accessTypeCode: 'ext', code: 'BJS ' }),
    ).toBe(true);
    expect(samePartner({ accessTypeCode: 'INT', code: 'BJS' }, { accessTypeCode: 'EXT', code: 'BJS' })).toBe(
      false,
    );
    const code = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    fc.assert(
      fc.property(code, code, (type, partnerCode) => {
        const padded = { accessTypeCode: ` ${type.toLowerCase()}`, code: `${partnerCode.toUpperCase()} ` };
        expect(samePartner({ accessTypeCode: type, code: partnerCode }, padded)).toBe(true);
      }),
    );
  });

  it('enables the alert bell for the EXT access type only', () => {
    expect(alertsEnabledFor('EXT')).toBe(true);
    expect(alertsEnabledFor(' ext')).toBe(true);
    expect(alertsEnabledFor('INT')).toBe(false);
    expect(alertsEnabledFor('')).toBe(false);
  });
});

// Issue 26: each limit at and past it, each problem with its field and words, several grants.
describe('edges of the partner form', () => {
  it.each([
    [{ code: 'C'.repeat(50) }, []],
    [{ code: 'C'.repeat(51) }, [{ field: 'code', message: 'Use at most 50 characters.' }]],
    [{ name: 'n'.repeat(200) }, []],
    [{ name: 'n'.repeat(201) }, [{ field: 'name', message: 'Use at most 200 characters.' }]],
    [{ type: ' ' }, [{ field: 'type', message: 'This field is required.' }]],
    [{ code: ' ' }, [{ field: 'code', message: 'This field is required.' }]],
    [{ code: 'A B ' }, []],
    [{ code: '..' }, [{ field: 'code', message: "The code may not be '..'." }]],
    [{ categories: [] }, []],
  ])('%o', (change, expected) => expect(partnerProblems({ ...valid, ...change }, catalog)).toEqual(expected));

  it('names each category by its trimmed code, with its own problem, in the order given (an offered type in any case passes)', () => {
    const categories = [
      { code: ' ACCOUNTS ', frequencyTypes: [{ code: 'MLY' }] },
      { code: 'FEES', frequencyTypes: [{ code: 'DLY' }] },
      { code: 'settlement', frequencyTypes: [] },
      { code: 'accounts', frequencyTypes: [{ code: ' wly ' }] },
    ];
    expect(partnerProblems({ ...valid, categories }, catalog)).toEqual([
      {
        field: 'categories.ACCOUNTS',
        message: 'The frequency type MLY is not offered for this report category.',
      },
      { field: 'categories.FEES', message: 'Unknown report category: FEES' },
      { field: 'categories.settlement', message: 'At least one option must be selected.' },
    ]);
  });

  it('without a catalogue, asks only for a frequency type in each category', () => {
    const categories = [
      { code: 'ANY', frequencyTypes: [{ code: 'XYZ' }] },
      { code: 'NONE', frequencyTypes: [] },
    ];
    expect(partnerProblems({ ...valid, categories })).toEqual([
      { field: 'categories.NONE', message: 'At least one option must be selected.' },
    ]);
  });

  it('merges a category given twice in any case, each frequency type once', () => {
    expect(
      normalizePartner({
        ...valid,
        type: ' ext ',
        categories: [
          { code: 'Accounts', frequencyTypes: [{ code: 'DLY' }, { code: ' dly ' }] },
          { code: ' accounts ', frequencyTypes: [{ code: 'WLY' }, { code: 'DLY' }] },
        ],
      }),
    ).toEqual({
      accessTypeCode: 'EXT',
      code: 'NEW',
      name: 'New partner',
      categories: [{ categoryCode: 'Accounts', frequencyTypeCodes: ['DLY', 'WLY'] }],
    });
  });

  it('compares codes trimmed and in any case, and knows the alert bell in any case', () => {
    expect(sameCode(' ab ', 'AB')).toBe(true);
    expect(sameCode('ab', 'abc')).toBe(false);
    expect(samePartner({ accessTypeCode: 'EXT', code: 'A' }, { accessTypeCode: 'INT', code: 'A' })).toBe(
      false,
    );
    expect(alertsEnabledFor(' ext ')).toBe(true);
    expect(alertsEnabledFor('INT')).toBe(false);
  });

  it('scopes the partner lists: every partner for an internal admin, the usable grants for others', () => {
    const grants = [
      { accessTypeCode: 'EXT', partnerCode: 'BJS' },
      { accessTypeCode: 'INT', partnerCode: 'PPX' },
    ];
    const principal = { isInternalAdmin: false, isExternalUser: true, features: [], partnerGrants: grants };
    expect(partnerScope(principal)).toEqual([grants[0]]);
    expect(partnerScope({ ...principal, isExternalUser: false })).toEqual(grants);
    expect(partnerScope({ ...principal, isInternalAdmin: true })).toBe('all');
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): a frequency type is dropped as a repeat
// exactly when sameCode calls the two codes the same, also for letters whose upper case merges.
describe('repeated frequency types', () => {
  it('drops a code only when it is the same code in another case', () => {
    const categories = [
      { code: 'C', frequencyTypes: [{ code: 'ss' }, { code: 'ß' }, { code: 'i' }, { code: 'ı' }] },
    ];
    expect(sameCode('ss', 'ß')).toBe(false);
    expect(normalizePartner({ ...valid, categories }).categories).toEqual([
      { categoryCode: 'C', frequencyTypeCodes: ['ss', 'ß', 'i', 'ı'] },
    ]);
  });
});
