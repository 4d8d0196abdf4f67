import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertsEnabledFor, normalizePartner, partnerProblems, samePartner } from './admin-partner.js';

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
