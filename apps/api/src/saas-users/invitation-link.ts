import type { InvitationOutcome } from '@portal/domain';

/** The SPA page that says why an invitation link did not work (expired, deleted, used, ...). */
export const invitationStatusPage = (status: InvitationOutcome) => `/invitation?status=${status}`;

/**
 * The invitation's own page: what the person who accepted it lands on (what they joined), and what
 * its administrators see (the invitation, Resend, Delete).
 */
export const invitationPagePath = (invitationId: string) => `/invitation/${invitationId}`;

/**
 * Where a sign-in from the invitation's link lands when it came back as another person: its page
 * offers to sign in again as the invited address (sign-in-again.ts). Nothing changed.
 */
export const mismatchedPage = (invitationId: string) =>
  `${invitationPagePath(invitationId)}?status=mismatched`;
