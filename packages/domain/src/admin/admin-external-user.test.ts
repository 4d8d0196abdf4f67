import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_USERS_NO_INT,
  externalUserEditProblem,
  externalUserProblems,
  INVALID_EMAIL,
  INVALID_PHONE,
  normalizeExternalUser,
} from './admin-external-user.js';

const valid = {
  userId: 'new@x.example',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'new@x.example',
  phone: null,
};

describe('external user rules', () => {
  it('requires userId, first name, last name and email; phone is optional', () => {
    expect(externalUserProblems({ userId: ' ', firstName: '', lastName: ' ', email: '', phone: '' })).toEqual(
      [
        { field: 'userId', message: 'This field is required.' },
        { field: 'firstName', message: 'This field is required.' },
        { field: 'lastName', message: 'This field is required.' },
        { field: 'email', message: 'This field is required.' },
      ],
    );
    expect(externalUserProblems(valid)).toEqual([]);
    expect(externalUserProblems({ ...valid, phone: '+1 (555) 010-0199' })).toEqual([]);
  });

  it('checks the email and phone formats', () => {
    expect(externalUserProblems({ ...valid, email: 'nope' })).toEqual([
      { field: 'email', message: 'Enter a valid email address.' },
    ]);
    expect(externalUserProblems({ ...valid, phone: '=cmd' })).toEqual([
      { field: 'phone', message: 'Enter a valid phone number.' },
    ]);
  });

  it('never gives an external user the internal admin feature or the INT access type', () => {
    expect(externalUserProblems(valid, { features: ['INTERNAL_ADMIN'], partnerAccess: [] })[0]?.field).toBe(
      'features',
    );
    expect(
      externalUserProblems(valid, {
        features: ['VIEW_REPORTS'],
        partnerAccess: [{ accessTypeCode: 'int', partnerCode: 'PPX' }],
      }),
    ).toEqual([{ field: 'partnerAccess', message: 'External users cannot be given the INT access type.' }]);
  });

  it('edits only external people', () => {
    expect(externalUserEditProblem(undefined)).toBe('User ID was not found.');
    expect(externalUserEditProblem({ isExternalUser: false, isServiceAccount: false })).toBe(
      'Internal Users cannot be edited.',
    );
    expect(externalUserEditProblem({ isExternalUser: false, isServiceAccount: true })).toBe(
      'Internal Users cannot be edited.',
    );
    expect(externalUserEditProblem({ isExternalUser: true, isServiceAccount: false })).toBe(null);
  });

  it('stores trimmed values and a blank phone as none', () => {
    expect(normalizeExternalUser({ ...valid, userId: ' u1 ', phone: '  ' })).toMatchObject({
      userId: 'u1',
      phone: null,
    });
    const { phone: _, ...withoutPhone } = valid;
    expect(normalizeExternalUser(withoutPhone).phone).toBe(null);
  });

  // Issue 26: each limit at and past it, the phone pattern's near misses, several grants.
  it.each([
    [{ userId: 'u'.repeat(100) }, []],
    [{ userId: 'u'.repeat(101) }, [{ field: 'userId', message: 'Use at most 100 characters.' }]],
    [{ userId: 'a b' }, [{ field: 'userId', message: 'The user ID may not contain spaces.' }]],
    [{ userId: ' ab ' }, []],
    [{ userId: 'a\tb' }, [{ field: 'userId', message: 'The user ID may not contain spaces.' }]],
    [{ firstName: 'f'.repeat(100), lastName: 'l'.repeat(100) }, []],
    [{ firstName: 'f'.repeat(101) }, [{ field: 'firstName', message: 'Use at most 100 characters.' }]],
    [{ lastName: 'l'.repeat(101) }, [{ field: 'lastName', message: 'Use at most 100 characters.' }]],
    [{ email: 'not-an-email' }, [{ field: 'email', message: INVALID_EMAIL }]],
    [{ email: ' ' }, [{ field: 'email', message: 'This field is required.' }]],
    [{ phone: '5550100' }, []],
    [{ phone: '555010' }, [{ field: 'phone', message: INVALID_PHONE }]],
    [{ phone: '+1 (800) 555-0100' }, []],
    [{ phone: '1'.repeat(25) }, []],
    [{ phone: '1'.repeat(26) }, [{ field: 'phone', message: INVALID_PHONE }]],
    [{ phone: 'x5550100' }, [{ field: 'phone', message: INVALID_PHONE }]],
    [{ phone: '5550100x' }, [{ field: 'phone', message: INVALID_PHONE }]],
    [{ phone: '  ' }, []],
    [{ phone: undefined }, []],
  ])('%o', (change, expected) => {
    expect(externalUserProblems({ ...valid, ...change })).toEqual(expected);
  });

  it('refuses INT among several grants, in any case, and names the first feature not for external users', () => {
    const grants = [
      { accessTypeCode: 'EXT', partnerCode: 'BJS' },
      { accessTypeCode: ' int ', partnerCode: 'PPX' },
    ];
    expect(externalUserProblems(valid, { features: [], partnerAccess: grants })).toEqual([
      { field: 'partnerAccess', message: EXTERNAL_USERS_NO_INT },
    ]);
    expect(
      externalUserProblems(valid, {
        features: ['VIEW_REPORTS', 'INTERNAL_ADMIN', 'MANAGE_PARTNERS'],
        partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
      }),
    ).toEqual([
      { field: 'features', message: 'The INTERNAL_ADMIN feature cannot be given to an external user.' },
    ]);
    expect(externalUserProblems(valid, { features: ['VIEW_REPORTS'], partnerAccess: [] })).toEqual([]);
  });

  it('judges the email trimmed and stores every field trimmed, a phone kept', () => {
    expect(externalUserProblems({ ...valid, email: ' new@x.example ' })).toEqual([]);
    expect(
      normalizeExternalUser({
        userId: ' u ',
        firstName: ' Ann ',
        lastName: ' Lee ',
        email: ' a@b.co ',
        phone: ' 555 0100 ',
      }),
    ).toEqual({ userId: 'u', firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', phone: '555 0100' });
  });
});
