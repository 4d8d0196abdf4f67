import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createServiceAccount,
  disableUser,
  findServiceAccount,
  issueServiceAccountToken,
  listServiceAccounts,
  revokeServiceAccountToken,
  SERVICE_ACCOUNT_FEATURES,
  type ServiceAccount,
  type ServiceAccountToken,
  unknownPartnerGrants,
  userExists,
  writeAudit,
} from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { requireUser } from '../plugins/access.js';
import { badRequest, conflict, notFound } from '../plugins/errors.js';

// Service accounts: users that call the API with tokens (Authorization: Bearer). Internal
// admins create them, give them features and partner access, issue and revoke tokens, and
// disable them. A token is shown once; only its SHA-256 is stored. Every change is audited.

const access = { access: { feature: 'INTERNAL_ADMIN' as const } };

const PartnerAccess = Type.Object({
  accessTypeCode: Type.String({ minLength: 1, maxLength: 20 }),
  partnerCode: Type.String({ minLength: 1, maxLength: 50 }),
});
const Timestamp = Type.String({ format: 'date-time' });
const TokenReply = Type.Object({
  tokenId: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  revokedAt: Type.Union([Timestamp, Type.Null()]),
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
});
const ServiceAccountReply = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  features: Type.Array(Type.String()),
  partnerAccess: Type.Array(PartnerAccess),
  disabledAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  tokens: Type.Array(TokenReply),
});
const UserIdParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) });

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const tokenView = (t: ServiceAccountToken) => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt.toISOString(),
  revokedAt: iso(t.revokedAt),
  lastUsedAt: iso(t.lastUsedAt),
});
const accountView = (a: ServiceAccount) => ({
  userId: a.userId,
  name: a.name,
  features: a.features,
  partnerAccess: a.partnerGrants,
  disabledAt: iso(a.disabledAt),
  createdAt: a.createdAt.toISOString(),
  tokens: a.tokens.map(tokenView),
});
/** What the audit log keeps of an account: its rights and state, never token secrets. */
const auditView = (a: ServiceAccount) => ({
  name: a.name,
  features: a.features,
  partnerAccess: a.partnerGrants,
  disabledAt: iso(a.disabledAt),
});

const serviceAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const existing = async (userId: string) => {
    const account = await findServiceAccount(app.db, userId);
    if (!account) throw notFound('Service account was not found.');
    return account;
  };

  app.get(
    '/api/admin/service-accounts',
    {
      config: access,
      schema: {
        summary: 'Service accounts and their tokens',
        response: { 200: Type.Array(ServiceAccountReply) },
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
        response: { 201: ServiceAccountReply },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const { userId, features, partnerAccess } = request.body;
      const name = request.body.name.trim();
      if (!name) throw badRequest(MESSAGES.required, { field: 'name' });
      if (await userExists(app.db, userId)) throw conflict(MESSAGES.duplicate, { field: 'userId' });
      const unknown = await unknownPartnerGrants(app.db, partnerAccess);
      if (unknown.length > 0) {
        const names = unknown.map((g) => `${g.accessTypeCode}/${g.partnerCode}`).join(', ');
        throw badRequest(`Unknown partner: ${names}`, { field: 'partnerAccess' });
      }
      const account = await app.db.transaction().execute(async (trx) => {
        const created = await createServiceAccount(trx, {
          userId,
          name,
          features,
          partnerGrants: partnerAccess,
        });
        await writeAudit(trx, {
          actorUserId: admin.userId,
          action: 'service-account.create',
          entityType: 'service-account',
          entityId: userId,
          before: null,
          after: auditView(created),
        });
        return created;
      });
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
        response: { 200: ServiceAccountReply },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const before = await existing(request.params.userId);
      const after = await app.db.transaction().execute(async (trx) => {
        await disableUser(trx, before.userId);
        const disabled = (await findServiceAccount(trx, before.userId))!;
        await writeAudit(trx, {
          actorUserId: admin.userId,
          action: 'service-account.disable',
          entityType: 'service-account',
          entityId: before.userId,
          before: auditView(before),
          after: auditView(disabled),
        });
        return disabled;
      });
      return accountView(after);
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
        response: { 201: Type.Composite([TokenReply, Type.Object({ token: Type.String() })]) },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const account = await existing(request.params.userId);
      if (account.disabledAt) throw conflict('The service account is disabled.');
      const issued = await app.db.transaction().execute(async (trx) => {
        const token = await issueServiceAccountToken(trx, {
          userId: account.userId,
          name: request.body.name.trim(),
          days: request.body.days,
        });
        await writeAudit(trx, {
          actorUserId: admin.userId,
          action: 'service-account.token.issue',
          entityType: 'service-account',
          entityId: account.userId,
          before: null,
          after: { tokenId: token.tokenId, name: token.name, expiresAt: token.expiresAt.toISOString() },
        });
        return token;
      });
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
        response: { 200: TokenReply },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const { userId, tokenId } = request.params;
      const before = (await existing(userId)).tokens.find((t) => t.tokenId === tokenId);
      if (!before) throw notFound('Token was not found.');
      const after = await app.db.transaction().execute(async (trx) => {
        const revoked = (await revokeServiceAccountToken(trx, userId, tokenId))!;
        await writeAudit(trx, {
          actorUserId: admin.userId,
          action: 'service-account.token.revoke',
          entityType: 'service-account',
          entityId: userId,
          before: { tokenId, revokedAt: iso(before.revokedAt) },
          after: { tokenId, revokedAt: iso(revoked.revokedAt) },
        });
        return revoked;
      });
      return tokenView(after);
    },
  );
};

export default serviceAccountRoutes;
