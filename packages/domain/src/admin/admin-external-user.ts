import { holdableFeatures } from '../access/feature-holders.js';
import type { Feature } from '../access/features.js';
import { INTERNAL_ACCESS_TYPE, type PartnerGrant } from '../access/permissions.js';
import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';
import { MESSAGES } from '../common/messages.js';
import { isEmailAddress } from './admin-report-category.js';

// SPEC.md §5 External user: userId, first name, last name and email are required; userId is
// unique (case-insensitively) and locked on edit; phone is optional. Only external users can be
// edited. Features and partner access are assigned on the same form.

export type ExternalUserInput = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
};
export type ExternalUserField = keyof ExternalUserInput | 'features' | 'partnerAccess';

export const USER_ID_MAX = 100;
export const USER_NAME_MAX = 100;
export const INVALID_EMAIL = 'Enter a valid email address.';
export const INVALID_PHONE = 'Enter a valid phone number.';
export const EXTERNAL_USERS_NO_INT = 'External users cannot be given the INT access type.';
export const FEATURE_NOT_FOR_EXTERNAL_USERS = (feature: string) =>
  `The ${feature} feature cannot be given to an external user.`;

/** What an external user may hold (feature-holders.ts): no INTERNAL_ADMIN, no partner-wide administration. */
export const EXTERNAL_USER_FEATURES: readonly Feature[] = holdableFeatures('external-user');

const PHONE = /^\+?[0-9 ().-]{7,25}$/;

export function externalUserProblems(
  input: ExternalUserInput,
  access: { features: readonly string[]; partnerAccess: readonly PartnerGrant[] } = {
    features: [],
    partnerAccess: [],
  },
): FieldProblem<ExternalUserField>[] {
  const email = input.email.trim();
  const phone = (input.phone ?? '').trim();
  const feature = access.features.find((f) => !(EXTERNAL_USER_FEATURES as readonly string[]).includes(f));
  const internal = access.partnerAccess.some(
    (grant) => grant.accessTypeCode.trim().toUpperCase() === INTERNAL_ACCESS_TYPE,
  );
  return problems<ExternalUserField>(
    requiredProblem('userId', input.userId),
    /\s/.test(input.userId.trim())
      ? { field: 'userId', message: 'The user ID may not contain spaces.' }
      : null,
    tooLongProblem('userId', input.userId, USER_ID_MAX),
    requiredProblem('firstName', input.firstName),
    tooLongProblem('firstName', input.firstName, USER_NAME_MAX),
    requiredProblem('lastName', input.lastName),
    tooLongProblem('lastName', input.lastName, USER_NAME_MAX),
    requiredProblem('email', input.email),
    // A blank address is reported as required (the first problem of a field is the one kept).
    isEmailAddress(email) ? null : { field: 'email', message: INVALID_EMAIL },
    phone !== '' && !PHONE.test(phone) ? { field: 'phone', message: INVALID_PHONE } : null,
    feature === undefined ? null : { field: 'features', message: FEATURE_NOT_FOR_EXTERNAL_USERS(feature) },
    internal ? { field: 'partnerAccess', message: EXTERNAL_USERS_NO_INT } : null,
  );
}

export function normalizeExternalUser(input: ExternalUserInput): Required<ExternalUserInput> {
  const phone = (input.phone ?? '').trim();
  return {
    userId: input.userId.trim(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim(),
    phone: phone === '' ? null : phone,
  };
}

/** Why the user behind an id cannot be edited here, or null when it can. */
export function externalUserEditProblem(
  user: { isExternalUser: boolean; isServiceAccount: boolean } | undefined,
): string | null {
  if (!user) return MESSAGES.userIdNotFound;
  if (!user.isExternalUser || user.isServiceAccount) return MESSAGES.internalUsersCannotBeEdited;
  return null;
}
