import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVITATIONS_PAGE_SIZE, SAAS_USERS_PAGE_SIZE } from '@portal/domain';
import {
  AllSaasUsersReply,
  Deleted,
  InvitationsReply,
  InviteBody,
  RolesReply,
  SaasInvitation,
  SaasUser,
  SaasUsersReply,
  TenantsReply,
  UpdateRolesBody,
} from '@portal/domain/api/tenants';
import { type Static, Type } from 'typebox';
import { requireUser } from '../plugins/access.js';
import { deleteInvitation } from './delete-invitation.js';
import { deleteUser } from './delete-user.js';
import { inviteUser } from './invite-user.js';
import {
  allTenantUsers,
  listManagedTenants,
  offeredRoles,
  tenantInvitationsPage,
  tenantUsersPage,
} from './reads.js';
import { resendInvitation } from './resend-invitation.js';
import { updateUserRoles } from './update-user-roles.js';

// SPEC.md §7 "SaaS users": tenants, their users and roles, and invitations. Feature
// MANAGE_EXTERNAL_USERS (§6); every call also checks that the caller manages the tenant in the
// path (tenant-scope.ts), so another tenant's ids answer 404.

const access = { access: { feature: 'MANAGE_EXTERNAL_USERS' as const } };
const Id = Type.String({ minLength: 1, maxLength: 200 });
const TenantParams = Type.Object({ tenantId: Id });
const Page = (limit: number) =>
  Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: limit, default: limit }),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  });
/** The spec puts the flag in the path; its second description puts it in the query. Both are read. */
const TsFlag = Type.Union([Type.Literal('true'), Type.Literal('false')]);
const TsQuery = Type.Object({ isThoughtSpotUser: Type.Optional(TsFlag) });
/** The query's flag wins over the path's. */
const isThoughtSpotUser = (request: {
  params: { isThoughtSpotUser: Static<typeof TsFlag> };
  query: Static<typeof TsQuery>;
}) => (request.query.isThoughtSpotUser ?? request.params.isThoughtSpotUser) === 'true';

const saasUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const clock = app.now;
  const inviteDeps = {
    db: app.db,
    now: clock,
    expiryDays: app.config.INVITATION_EXPIRY_DAYS,
    publicUrl: app.config.PUBLIC_URL,
  };

  app.get(
    '/api/saas/tenant',
    {
      config: access,
      schema: { summary: 'The tenants the caller manages', response: { 200: TenantsReply } },
    },
    async (request) => listManagedTenants(app.db, requireUser(request)),
  );

  app.get(
    '/api/saas/role',
    {
      config: access,
      schema: {
        summary:
          'Roles: with tenantId, the external roles of that tenant the caller may grant, by rank, and the consumer role',
        querystring: Type.Object({ tenantId: Type.Optional(Id) }),
        response: { 200: RolesReply },
      },
    },
    async (request) => offeredRoles(app.db, requireUser(request), request.query.tenantId),
  );

  app.get(
    '/api/saas/user/:tenantId',
    {
      config: access,
      schema: {
        summary: 'A page of the tenant’s users (50 a page) and their count',
        params: TenantParams,
        querystring: Page(SAAS_USERS_PAGE_SIZE),
        response: { 200: SaasUsersReply },
      },
    },
    async (request) => tenantUsersPage(app.db, requireUser(request), request.params.tenantId, request.query),
  );

  app.get(
    '/api/saas/user/:tenantId/all',
    {
      config: access,
      schema: {
        summary: 'All the tenant’s users (the CSV download)',
        params: TenantParams,
        response: { 200: AllSaasUsersReply },
      },
    },
    async (request) => allTenantUsers(app.db, requireUser(request), request.params.tenantId),
  );

  app.get(
    '/api/saas/user/:tenantId/invitations',
    {
      config: access,
      schema: {
        summary: 'A page of the tenant’s pending invitations (100 a page; expired ones drop out)',
        params: TenantParams,
        querystring: Page(INVITATIONS_PAGE_SIZE),
        response: { 200: InvitationsReply },
      },
    },
    async (request) =>
      tenantInvitationsPage(
        { db: app.db, now: clock(), publicUrl: app.config.PUBLIC_URL },
        requireUser(request),
        request.params.tenantId,
        request.query,
      ),
  );

  app.post(
    '/api/saas/user/tenantId/:tenantId/tsUser/:isThoughtSpotUser/invite',
    {
      config: access,
      schema: {
        summary: 'Invites a person to the tenant with one external role; the e-mail is sent by the workers',
        params: Type.Object({ tenantId: Id, isThoughtSpotUser: TsFlag }),
        querystring: TsQuery,
        body: InviteBody,
        response: { 201: SaasInvitation },
      },
    },
    async (request, reply) => {
      const invitation = await inviteUser(inviteDeps, {
        actor: requireUser(request),
        tenantId: request.params.tenantId,
        emailAddress: request.body.emailAddress,
        userRoleIds: request.body.userRoleIds,
        isThoughtSpotUser: isThoughtSpotUser(request),
      });
      return reply.status(201).send(invitation);
    },
  );

  app.put(
    '/api/saas/user/:tenantId/:userId/roles/tsUser/:isThoughtSpotUser/:emailEncoded',
    {
      config: access,
      schema: {
        summary: 'Replaces a tenant user’s roles (body: the list of roleId); the email is base64',
        params: Type.Object({ tenantId: Id, userId: Id, isThoughtSpotUser: TsFlag, emailEncoded: Id }),
        querystring: TsQuery,
        body: UpdateRolesBody,
        response: { 200: SaasUser },
      },
    },
    async (request) =>
      updateUserRoles(
        { db: app.db },
        {
          actor: requireUser(request),
          ...request.params,
          roleIds: request.body,
          isThoughtSpotUser: isThoughtSpotUser(request),
        },
      ),
  );

  app.delete(
    '/api/saas/user/:tenantId/:userId/email/:emailEncoded',
    {
      config: access,
      schema: {
        summary: 'Removes a user from the tenant (its membership and roles only); the email is base64',
        params: Type.Object({ tenantId: Id, userId: Id, emailEncoded: Id }),
        response: { 204: Deleted },
      },
    },
    async (request, reply) => {
      await deleteUser({ db: app.db }, { actor: requireUser(request), ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/saas/user/:tenantId/invitations/:invitationId/resend',
    {
      config: access,
      schema: {
        summary:
          'Resends a pending invitation: its expiry starts again, the link already mailed stops working, a new e-mail goes out',
        params: Type.Object({ tenantId: Id, invitationId: Id }),
        response: { 200: SaasInvitation },
      },
    },
    async (request) => resendInvitation(inviteDeps, { actor: requireUser(request), ...request.params }),
  );

  app.delete(
    '/api/saas/user/:tenantId/invitations/:invitationId/email/:emailEncoded',
    {
      config: access,
      schema: {
        summary: 'Deletes a pending invitation; its link then says so. The email is base64',
        params: Type.Object({ tenantId: Id, invitationId: Id, emailEncoded: Id }),
        response: { 204: Deleted },
      },
    },
    async (request, reply) => {
      await deleteInvitation({ db: app.db, now: clock }, { actor: requireUser(request), ...request.params });
      return reply.status(204).send(null);
    },
  );
};

export default saasUserRoutes;
