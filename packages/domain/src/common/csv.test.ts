import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  externalUsersCsv,
  invitationsCsv,
  saasUsersCsv,
  toCsv,
  userTypeLabel,
  utcDateTime,
} from './csv.js';

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

  // Issue 26: each character that needs quoting, alone; values of every type; the time format.
  it.each([
    ['a\rb', '"a\rb"'],
    ['a\nb', '"a\nb"'],
    [' lead', '" lead"'],
    ['trail ', '"trail "'],
    ['-1', "'-1"],
    ['\t1', "'\t1"],
    ['\t', '"\'\t"'],
    ['x=1', 'x=1'],
    ['a@b', 'a@b'],
    [undefined, ''],
    [42, '42'],
    [-3, "'-3"],
    [false, 'false'],
  ] as const)('csvCell(%o) is %s', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('writes times as MM/dd/yyyy HH:mm UTC, with leading zeros, and leaves what is not a time', () => {
    expect(utcDateTime('2026-01-02T03:04:59Z')).toBe('01/02/2026 03:04 UTC');
    expect(utcDateTime('2026-12-31T23:59:00-05:00')).toBe('01/01/2027 04:59 UTC');
    expect(utcDateTime('not a time')).toBe('not a time');
    expect(userTypeLabel(false)).toBe('Internal');
    expect(userTypeLabel(true)).toBe('External');
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

describe('SaaS CSV downloads', () => {
  it('writes Email and the roles joined with a pipe, formula-looking values escaped', () => {
    const csv = saasUsersCsv([
      {
        emailAddress: '=cmd@evil.example',
        roles: [{ roleDescription: 'Store Manager' }, { roleDescription: '@SUM(1)' }],
      },
    ]);
    expect(csv).toBe(`Email,Roles\r\n'=cmd@evil.example,Store Manager|@SUM(1)\r\n`);
    expect(saasUsersCsv([{ emailAddress: 'a@b.co', roles: [{ roleDescription: '+x' }] }])).toContain(
      `a@b.co,'+x`,
    );
  });

  it('writes the invitations columns with UTC times', () => {
    const csv = invitationsCsv([
      {
        emailAddress: '-1@x.example',
        invitationUrl: 'https://portal.example/invitation/1',
        invitationCreationTimeStamp: '2026-11-23T14:05:00.000Z',
        invitationExpirationTimeStamp: '2026-11-30T14:05:00.000Z',
      },
    ]);
    expect(csv).toBe(
      'Email,Invitation,Invited Time,Invitation Expiry Time\r\n' +
        `'-1@x.example,https://portal.example/invitation/1,11/23/2026 14:05 UTC,11/30/2026 14:05 UTC\r\n`,
    );
  });
});
