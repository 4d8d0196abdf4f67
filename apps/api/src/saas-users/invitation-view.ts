import type { Invitation } from '@portal/db';
import type { SaasInvitation } from '@portal/domain/api/tenants';

/**
 * The invitation of SPEC.md §3. Its URL is the page of the invitation; the link in the e-mail adds
 * the single-use token, which only the e-mail ever holds (the database keeps its hash).
 */
export function invitationView(invitation: Invitation, publicUrl: string): SaasInvitation {
  return {
    invitationId: invitation.invitationId,
    tenantId: invitation.tenantId,
    emailAddress: invitation.emailAddress,
    userRoleIds: invitation.userRoleIds,
    isThoughtSpotUser: invitation.isThoughtSpotUser,
    inviterName: invitation.inviterName,
    invitationUrl: `${publicUrl}/invitation/${invitation.invitationId}`,
    invitationCreationTimeStamp: invitation.createdAt.toISOString(),
    invitationExpirationTimeStamp: invitation.expiresAt.toISOString(),
  };
}
