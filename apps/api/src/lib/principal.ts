import type { Principal } from '@portal/domain';

/** The signed-in user (or service account) behind a request. */
export type AuthenticatedUser = Principal & {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  commonId: string | null;
  isServiceAccount: boolean;
  /** Present when the request came with a session cookie. */
  sessionHash: string | null;
  humanVerifiedAt: Date | null;
};
