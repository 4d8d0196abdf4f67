import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  listServiceAccounts,
  SERVICE_ACCOUNT_FEATURES,
  type ServiceAccount as ServiceAccountRow,
  type ServiceAccountToken as TokenRow,
} from '@portal/db';
import {
  IssuedToken,
  PartnerAccess,
  ServiceAccount,
  ServiceAccounts,
  ServiceAccountToken,
} from '@portal/domain/api/service-accounts';
import { Type } from 'typebox';
import { requireUser } from '../plugins/access.js';
import { addServiceAccount } from './add-service-account.js';
import { iso } from './audit-view.js';
import { disableServiceAccount } from './disable-service-account.js';
import { issueToken } from './issue-service-account-token.js';
import { revokeToken } from './revoke-service-account-token.js';

// Service accounts: users that call the API with tokens (Authorization: Bearer). Internal
// admins create them, give them features and partner access, issue and revoke tokens, and
// disable them. A token is shown once; only its SHA-256 is stored. Every change is audited.

const access = { access: { feature: 'INTERNAL_ADMIN' as const } };

const UserIdParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) });

const tokenView = (t: TokenRow): ServiceAccountToken => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt.toISOString(),
  revokedAt: iso(t.revokedAt),
  lastUsedAt: iso(t.lastUsedAt),
});
const accountView = (a: ServiceAccountRow): ServiceAccount => ({
  userId: a.userId,
  name: a.name,
  features: a.features,
  partnerAccess: a.partnerGrants,
  disabledAt: iso(a.disabledAt),
  createdAt: a.createdAt.toISOString(),
  tokens: a.tokens.map(tokenView),
});
const serviceAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/service-accounts',
    {
      config: access,
      schema: {
        summary: 'Service accounts and their tokens',
        response: { 200: ServiceAccounts },
      },
    },
    async () => (await listServiceAccounts(app.db)).map(accountView),
  );

  app.post(
    '/api/admin/service-accounts',
    {
      config: access,
      schema: {
        summary: 'Creates a service account',
        body: Type.Object({
          userId: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$' }),
          name: Type.String({ minLength: 1, maxLength: 100 }),
          features: Type.Array(Type.Union(SERVICE_ACCOUNT_FEATURES.map((f) => Type.Literal(f))), {
            maxItems: 20,
          }),
          partnerAccess: Type.Array(PartnerAccess, { maxItems: 200, default: [] }),
        }),
        response: { 201: ServiceAccount },
      },
    },
    async (request, reply) => {
      const { userId: actorUserId } = requireUser(request);
      const account = await addServiceAccount({ db: app.db }, { actorUserId, ...request.body });
      return reply.status(201).send(accountView(account));
    },
  );

  app.put(
    '/api/admin/service-accounts/:userId/disable',
    {
      config: access,
      schema: {
        summary: 'Disables a service account: its tokens are refused from now on',
        params: UserIdParams,
        response: { 200: ServiceAccount },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const { userId } = request.params;
      return accountView(await disableServiceAccount({ db: app.db }, { actorUserId, userId }));
    },
  );

  app.post(
    '/api/admin/service-accounts/:userId/tokens',
    {
      config: access,
      schema: {
        summary: 'Issues an API token; the token is in this reply only',
        params: UserIdParams,
        body: Type.Object({
          name: Type.String({ maxLength: 100, default: '' }),
          days: Type.Integer({ minimum: 1, maximum: 365, default: 90 }),
        }),
        response: { 201: IssuedToken },
      },
    },
    async (request, reply) => {
      const { userId: actorUserId } = requireUser(request);
      const issued = await issueToken({ db: app.db }, { actorUserId, ...request.params, ...request.body });
      const view = tokenView({ ...issued, revokedAt: null, lastUsedAt: null });
      return reply.status(201).send({ ...view, token: issued.token });
    },
  );

  app.delete(
    '/api/admin/service-accounts/:userId/tokens/:tokenId',
    {
      config: access,
      schema: {
        summary: 'Revokes an API token',
        params: Type.Object({ ...UserIdParams.properties, tokenId: Type.String({ format: 'uuid' }) }),
        response: { 200: ServiceAccountToken },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      return tokenView(await revokeToken({ db: app.db }, { actorUserId, ...request.params }));
    },
  );
};

export default serviceAccountRoutes;
