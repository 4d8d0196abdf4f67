import { describe, expect, it } from 'vitest';
import {
  externalUserEditProblem,
  externalUserProblems,
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
  });
});
