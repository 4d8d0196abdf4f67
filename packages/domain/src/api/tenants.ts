import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// Request and reply shapes of SPEC.md §7 "SaaS users", defined once: the API validates with them
// and the SPA takes their types (import type).

export const SaasRole = Type.Object({
  roleId: Type.String(),
  roleName: Type.String(),
  roleDescription: Type.String(),
  rank: Nullable(Type.Number()),
});
export type SaasRole = Static<typeof SaasRole>;

export const Tenant = Type.Object({
  tenantId: Type.String(),
  displayName: Type.String(),
  branding: Type.Object({ logoUrl: Nullable(Type.String()) }),
});
export type Tenant = Static<typeof Tenant>;
export const TenantsReply = Type.Array(Tenant);
export type TenantsReply = Static<typeof TenantsReply>;

export const SaasUser = Type.Object({
  userId: Type.String(),
  emailAddress: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  roles: Type.Array(SaasRole),
});
export type SaasUser = Static<typeof SaasUser>;

export const SaasUsersReply = Type.Object({
  users: Type.Array(SaasUser),
  count: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type SaasUsersReply = Static<typeof SaasUsersReply>;
export const AllSaasUsersReply = Type.Array(SaasUser);
export type AllSaasUsersReply = Static<typeof AllSaasUsersReply>;

/** Offered roles of a tenant, for the invite and edit forms (GET /api/saas/role?tenantId=). */
export const RolesReply = Type.Array(SaasRole);
export type RolesReply = Static<typeof RolesReply>;

/** The 204 of the deletes (a user's membership, an invitation): no body. */
export const Deleted = Type.Null({ description: 'Deleted' });
export type Deleted = Static<typeof Deleted>;

export const SaasInvitation = Type.Object({
  invitationId: Type.String(),
  tenantId: Type.String(),
  emailAddress: Type.String(),
  userRoleIds: Type.Array(Type.String()),
  isThoughtSpotUser: Type.Boolean(),
  inviterName: Type.String(),
  invitationUrl: Type.String(),
  invitationCreationTimeStamp: Type.String({ format: 'date-time' }),
  invitationExpirationTimeStamp: Type.String({ format: 'date-time' }),
});
export type SaasInvitation = Static<typeof SaasInvitation>;

export const InvitationsReply = Type.Object({
  invitations: Type.Array(SaasInvitation),
  page: Type.Integer(),
  limit: Type.Integer(),
  /** Whether a next page exists: the invitations list pages by first, previous and next only. */
  hasNext: Type.Boolean(),
});
export type InvitationsReply = Static<typeof InvitationsReply>;

export const InviteBody = Type.Object({
  // Accepted as the spec's payload has it, and ignored: the e-mail names the signed-in user as they
  // are on record (a client's text there became lines of a mail the portal signs, issue 23).
  inviterName: Type.String({
    maxLength: 200,
    default: '',
    description: 'Ignored: the invitation names the signed-in user from their own record.',
  }),
  emailAddress: Type.String({ maxLength: 320 }),
  userRoleIds: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }),
});
export type InviteBody = Static<typeof InviteBody>;

/** The edit call's body is the list of roleId. */
export const UpdateRolesBody = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 });

/**
 * The invitation's page (GET /api/saas/invitations/{invitationId}, public): its status for anyone
 * holding the id; more only for whom it concerns. Nothing names the address or the tenant to
 * anyone else.
 */
export const InvitationPageReply = Type.Object({
  invitationId: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('expired'),
    Type.Literal('deleted'),
    Type.Literal('used'),
    // No invitation has this id: the link is not valid (a page's read, so 200 rather than 404).
    Type.Literal('invalid'),
  ]),
  /**
   * For the browser whose sign-in from this invitation's link came back as another person, while
   * its offer to sign in again lasts: the invited address to sign in as.
   */
  signInAs: Type.Optional(Type.String()),
  /** For the signed-in person who accepted it: what they joined. */
  joined: Type.Optional(Type.Object({ tenantName: Type.String(), roles: Type.Array(Type.String()) })),
  /** For a caller who manages the invitation's tenant: the invitation itself. */
  managed: Type.Optional(
    Type.Object({
      tenantName: Type.String(),
      invitation: SaasInvitation,
      roles: Type.Array(SaasRole),
    }),
  ),
});
export type InvitationPageReply = Static<typeof InvitationPageReply>;
