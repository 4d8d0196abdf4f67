import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, externalUsersCsv, toCsv } from './csv.js';

describe('CSV downloads', () => {
  it('escapes cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK(""x"")`.replace(/^/, '"').concat('"'));
    expect(csvCell('plain')).toBe('plain');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
  });

  it('never lets a cell start with a formula character', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = csvCell(text).replace(/^"/, '');
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('writes the external users columns of §9', () => {
    const csv = externalUsersCsv([
      {
        userId: 'u1',
        firstName: 'Ann',
        lastName: 'Lee',
        isExternalUser: true,
        email: 'u1@x.example',
        phone: '+1 555',
      },
    ]);
    expect(csv).toBe(
      "User Id,First Name,Last Name,User Type,Email,Phone\r\nu1,Ann,Lee,External,u1@x.example,'+1 555\r\n",
    );
    expect(toCsv(['A'], [])).toBe('A\r\n');
  });
});
