// The link of an invitation e-mail: the API serves the path (it starts the sign-in that accepts
// the invitation), the mail worker writes the link. One definition, so the two cannot part.

/** The API route an invitation link opens (SPEC.md §7). */
export const INVITATION_ACCEPT_PATH = '/api/saas/invitations/accept';

/** The address an invitation e-mail links to; the token is base64url, safe in a query as it is. */
export function invitationAcceptLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_ACCEPT_PATH}?token=${token}`;
}
