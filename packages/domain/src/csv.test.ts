import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, externalUsersCsv, invitationsCsv, saasUsersCsv, toCsv } from './csv.js';

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
