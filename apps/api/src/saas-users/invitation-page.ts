import { type Database, findInvitation, findTenant, listRoles } from '@portal/db';
import { invitationStatus, tenantDisplayName } from '@portal/domain';
import type { InvitationPageReply } from '@portal/domain/api/tenants';
import type { Kysely } from 'kysely';
import { invitationView } from './invitation-view.js';
import { maySignInAgain } from './sign-in-again.js';
import { managesTenant, type TenantActor } from './tenant-scope.js';

/**
 * The invitation's page (/invitation/{id}), the address administrators are given (invitationUrl,
 * the CSV). Anyone holding the id learns its status only (pending, expired, deleted, used): ids are
 * random, and neither the address nor the tenant is told. More goes only to whom it concerns: the
 * invited address to the browser whose sign-in from the link came back as another person (so it
 * can offer to sign in as it), what they joined to the person who accepted it, and the invitation
 * itself to a caller who manages its tenant. An unknown id is 404.
 */
export async function readInvitationPage(
  deps: { db: Kysely<Database>; now: Date; publicUrl: string },
  viewer: TenantActor | null,
  signInAgainTicket: string | undefined,
  invitationId: string,
): Promise<InvitationPageReply> {
  const invitation = await findInvitation(deps.db, invitationId);
  // What the link is, even when it is nothing: a 404 here is a console error on the page (issue 24).
  if (!invitation) return { invitationId, status: 'invalid' };
  const status = invitationStatus(invitation, deps.now);
  const reply: InvitationPageReply = { invitationId: invitation.invitationId, status };
  if (status === 'pending' && (await maySignInAgain(deps.db, signInAgainTicket, invitationId))) {
    reply.signInAs = invitation.emailAddress;
  }
  if (!viewer) return reply;
  const joined = invitation.acceptedByUserId !== null && invitation.acceptedByUserId === viewer.userId;
  const managed = await managesTenant(deps.db, viewer, invitation.tenantId);
  if (!joined && !managed) return reply;
  const tenant = await findTenant(deps.db, invitation.tenantId);
  const tenantName = tenantDisplayName(tenant?.displayName ?? invitation.tenantId);
  // In the invitation's order (the external role first); roles deleted since are left out.
  const known = new Map((await listRoles(deps.db)).map((role) => [role.roleId, role]));
  const roles = invitation.userRoleIds.flatMap((roleId) => known.get(roleId) ?? []);
  if (joined) reply.joined = { tenantName, roles: roles.map((role) => role.roleDescription) };
  if (managed) reply.managed = { tenantName, invitation: invitationView(invitation, deps.publicUrl), roles };
  return reply;
}
