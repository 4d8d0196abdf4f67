import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAdminUser, listAdminUsers, listAdminUsersForCsv, type UserWithAccess } from '@portal/db';
import { ASSIGNABLE_FEATURES } from '@portal/domain';
import { AdminUser, ExternalUsersCsv, PartnerAccess, UserListReply } from '@portal/domain/api/users';
import { externalUsersCsv } from '@portal/domain/common/csv';
import { Type } from 'typebox';
import { Filter, Nullable, PageQuery } from '../lib/http/list-query.js';
import { requireUser } from '../plugins/access.js';
import { deleteExternalUser } from './delete-external-user.js';
import { requireEditable, saveExternalUser } from './save-external-user.js';

// SPEC.md §7 users: the people lists (all, or external only), the CSV download of §9, one user,
// and the creation, change and removal of external users with their features and partner
// access. Feature INTERNAL_ADMIN (§6).

const access = { access: { feature: 'INTERNAL_ADMIN' as const } };
const UserId = Type.String({ minLength: 1, maxLength: 200 });
const ListQuery = Type.Object({
  ...PageQuery,
  sort: Type.Union(
    [Type.Literal('userId'), Type.Literal('firstName'), Type.Literal('lastName'), Type.Literal('email')],
    { default: 'userId' },
  ),
  userId: Filter,
  firstName: Filter,
  lastName: Filter,
  email: Filter,
});
const UserBody = Type.Object({
  userId: Type.String({ maxLength: 500 }),
  firstName: Type.String({ maxLength: 500 }),
  lastName: Type.String({ maxLength: 500 }),
  email: Type.String({ maxLength: 500 }),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  features: Type.Array(Type.Union(ASSIGNABLE_FEATURES.map((f) => Type.Literal(f))), {
    maxItems: 20,
    default: [],
  }),
  partners: Type.Object(
    { partnerAccess: Type.Array(PartnerAccess, { maxItems: 1000 }) },
    { default: { partnerAccess: [] } },
  ),
});
/** The CSV holds at most this many people; past it, narrow the filter. */
const CSV_LIMIT = 100_000;

export const userView = (u: UserWithAccess) => ({
  userId: u.userId,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  commonId: u.commonId,
  isExternalUser: u.isExternalUser,
  isInternalAdmin: u.isInternalAdmin,
  features: u.features,
  partners: { partnerAccess: u.partnerGrants },
});

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [path, externalOnly] of [
    ['/api/users', false],
    ['/api/external-users', true],
  ] as const) {
    app.get(
      path,
      {
        config: access,
        schema: {
          summary: externalOnly ? 'A page of external users' : 'A page of users, internal and external',
          querystring: ListQuery,
          response: { 200: UserListReply },
        },
      },
      async (request) => {
        const { page, pageSize, sort, order, ...text } = request.query;
        const list = await listAdminUsers(app.db, {
          page,
          pageSize,
          sort,
          order,
          filters: { ...text, externalOnly },
        });
        return { users: list.rows.map(userView), page, pageSize, total: list.total };
      },
    );
  }

  app.get(
    '/api/external-users/download',
    {
      config: access,
      schema: {
        summary:
          'The external users of the filter as CSV (User Id, First Name, Last Name, User Type, Email, Phone)',
        querystring: Type.Object({ userId: Filter, firstName: Filter, lastName: Filter, email: Filter }),
        produces: ['text/csv'],
        response: { 200: ExternalUsersCsv },
      },
    },
    async (request, reply) => {
      const rows = await listAdminUsersForCsv(app.db, { ...request.query, externalOnly: true }, CSV_LIMIT);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="external-users.csv"')
        .send(externalUsersCsv(rows));
    },
  );

  app.get(
    '/api/users/:userId',
    {
      config: access,
      schema: {
        summary: 'One user with features and partner access',
        params: Type.Object({ userId: UserId }),
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const user = await findAdminUser(app.db, request.params.userId);
      return userView(requireEditable(user));
    },
  );

  for (const mode of ['create', 'update'] as const) {
    const route = mode === 'create' ? app.post.bind(app) : app.put.bind(app);
    route(
      '/api/users',
      {
        config: access,
        schema: {
          summary:
            mode === 'create'
              ? 'Adds an external user with features and partner access'
              : 'Edits the external user named by userId (locked); internal users cannot be edited',
          body: UserBody,
          response: { [mode === 'create' ? 201 : 200]: AdminUser },
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const saved = await saveExternalUser(
          { db: app.db },
          { mode, body: request.body, actorUserId: actor.userId },
        );
        return reply.status(mode === 'create' ? 201 : 200).send(userView(saved));
      },
    );
  }

  app.delete(
    '/api/users/:userId',
    {
      config: access,
      schema: {
        summary: 'Deletes an external user',
        params: Type.Object({ userId: UserId }),
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      return userView(
        await deleteExternalUser({ db: app.db }, { actorUserId, userId: request.params.userId }),
      );
    },
  );
};

export default userRoutes;
