import type {
  InvitationPageReply,
  InvitationsReply,
  SaasInvitation,
  SaasRole,
  SaasUser,
  SaasUsersReply,
  Tenant,
} from '@portal/domain/api/tenants';
import { INVITATIONS_PAGE_SIZE, SAAS_USERS_PAGE_SIZE } from '@portal/domain/common/limits';
import { encodeBase64Email } from '@portal/domain/saas-users/invitation';
import { del, get, post } from '../../api/api.js';

// The addresses of SPEC.md §7 "SaaS users"; emails in paths are base64. The paged lists send
// limit and page as the spec's calls do (users 50, invitations 100).

export const tenantsPath = '/api/saas/tenant';
export const rolesPath = (tenantId: string) => `/api/saas/role?tenantId=${encodeURIComponent(tenantId)}`;
export const usersPath = (tenantId: string, page: number) =>
  `/api/saas/user/${encodeURIComponent(tenantId)}?limit=${SAAS_USERS_PAGE_SIZE}&page=${page}`;
export const allUsersPath = (tenantId: string) => `/api/saas/user/${encodeURIComponent(tenantId)}/all`;
export const invitationsPath = (tenantId: string, page: number) =>
  `/api/saas/user/${encodeURIComponent(tenantId)}/invitations?limit=${INVITATIONS_PAGE_SIZE}&page=${page}`;
export const invitePath = (tenantId: string, isThoughtSpotUser: boolean) =>
  `/api/saas/user/tenantId/${encodeURIComponent(tenantId)}/tsUser/${isThoughtSpotUser}/invite`;
export const rolesUpdatePath = (
  tenantId: string,
  user: Pick<SaasUser, 'userId' | 'emailAddress'>,
  ts: boolean,
) =>
  `/api/saas/user/${encodeURIComponent(tenantId)}/${encodeURIComponent(user.userId)}/roles/tsUser/${ts}/${encodeURIComponent(encodeBase64Email(user.emailAddress))}`;

export const deleteUser = (tenantId: string, user: SaasUser) =>
  del(
    `/api/saas/user/${encodeURIComponent(tenantId)}/${encodeURIComponent(user.userId)}/email/${encodeURIComponent(encodeBase64Email(user.emailAddress))}`,
  );
export const deleteInvitation = (
  tenantId: string,
  invitation: { invitationId: string; emailAddress: string },
) =>
  del(
    `/api/saas/user/${encodeURIComponent(tenantId)}/invitations/${invitation.invitationId}/email/${encodeURIComponent(encodeBase64Email(invitation.emailAddress))}`,
  );

/** Resend (issue 24): a new e-mail and expiry; the link mailed before stops working. */
export const resendInvitation = (tenantId: string, invitationId: string) =>
  post<SaasInvitation>(
    `/api/saas/user/${encodeURIComponent(tenantId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
  );

/** The invitation's page (/invitation/{id}) reads this; open without a session. */
export const invitationPath = (invitationId: string) =>
  `/api/saas/invitations/${encodeURIComponent(invitationId)}`;
/** A navigation, not a call: starts the sign-in again, asking for the invited address. */
export const signInAgainPath = (invitationId: string) => `${invitationPath(invitationId)}/sign-in-again`;

/** Every pending invitation, page by page (the list has no count), for the CSV. */
export async function allInvitations(tenantId: string) {
  const all: InvitationsReply['invitations'] = [];
  for (let page = 1; page <= 1000; page++) {
    const reply = await get<InvitationsReply>(invitationsPath(tenantId, page));
    all.push(...reply.invitations);
    if (!reply.hasNext || reply.invitations.length < INVITATIONS_PAGE_SIZE) break;
  }
  return all;
}

export const roleLabel = (roles: SaasRole[]) => roles.map((r) => r.roleDescription).join(', ');
export type {
  InvitationPageReply,
  InvitationsReply,
  SaasInvitation,
  SaasRole,
  SaasUser,
  SaasUsersReply,
  Tenant,
};
