import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UNSUBSCRIBE_RATE_LIMIT } from '@portal/domain';
import { Message } from '@portal/domain/api/common';
import {
  CategorySubscriptionReply,
  SubscriptionBody,
  SubscriptionsReply,
  UnsubscribeTarget,
} from '@portal/domain/api/subscriptions';
import { Type } from 'typebox';
import { CategoryParams, SerialId } from '../lib/http/route-params.js';
import { requirePartner, requireUser } from '../plugins/access.js';
import {
  editSubscription,
  followCategory,
  listMySubscriptions,
  mySubscriptionOf,
  unfollow,
  unfollowCategory,
  unsubscribe,
  unsubscribeTarget,
} from './subscriptions.js';

// Report subscriptions (issue 28, beyond the spec): follow a category from its reports page,
// manage one's follows on My Account, and the one-click unsubscribe link of every mail (RFC 8058:
// its POST is form-encoded, needs no session and ends that one subscription only).

const viewReports = { access: { feature: 'VIEW_REPORTS' as const } };
const SubscriptionParams = Type.Object({ subscriptionId: SerialId });
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
// Per client address (no session says who asks), each route on its own counter.
const unsubscribeAccess = {
  access: 'public' as const,
  rateLimit: { max: UNSUBSCRIBE_RATE_LIMIT.max, timeWindow: UNSUBSCRIBE_RATE_LIMIT.timeWindowMs },
};
const CATEGORY_PATH = '/api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/subscription';

const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A mail client's one-click POST is form-encoded (RFC 8058); its one field is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const deps = { db: app.db };

  app.get(
    '/api/subscriptions',
    {
      config: { access: 'authenticated' },
      schema: { summary: "The signed-in user's report subscriptions", response: { 200: SubscriptionsReply } },
    },
    async (request) => listMySubscriptions(deps, requireUser(request)),
  );

  app.put(
    '/api/subscriptions/:subscriptionId',
    {
      config: viewReports,
      schema: {
        summary: 'Change how one of my subscriptions is delivered',
        params: SubscriptionParams,
        body: SubscriptionBody,
        response: { 200: CategorySubscriptionReply },
      },
    },
    async (request) =>
      editSubscription(deps, requireUser(request), request.params.subscriptionId, request.body),
  );

  app.delete(
    '/api/subscriptions/:subscriptionId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Stop following a category',
        params: SubscriptionParams,
        response: { 200: Message },
      },
    },
    async (request) => unfollow(deps, requireUser(request), request.params.subscriptionId),
  );

  app.get(
    CATEGORY_PATH,
    {
      config: viewReports,
      schema: {
        summary: "The signed-in user's subscription to a partner's report category",
        params: CategoryParams,
        response: { 200: CategorySubscriptionReply },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      return mySubscriptionOf(deps, user, request.params);
    },
  );

  app.put(
    CATEGORY_PATH,
    {
      config: viewReports,
      schema: {
        summary: "Follow a partner's report category by mail, or change how",
        params: CategoryParams,
        body: SubscriptionBody,
        response: { 200: CategorySubscriptionReply },
      },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      return followCategory(deps, user, request.params, request.body);
    },
  );

  app.delete(
    CATEGORY_PATH,
    {
      config: viewReports,
      schema: { summary: 'Stop following this category', params: CategoryParams, response: { 200: Message } },
    },
    async (request) => {
      const { accessTypeCode, partnerCode } = request.params;
      const user = requirePartner(request, accessTypeCode, partnerCode, 'VIEW_REPORTS');
      return unfollowCategory(deps, user, request.params);
    },
  );

  app.get(
    '/api/unsubscribe/:token',
    {
      config: unsubscribeAccess,
      schema: {
        summary: "What an unsubscribe link ends (its confirmation page's text)",
        params: TokenParams,
        response: { 200: UnsubscribeTarget },
      },
    },
    async (request) => unsubscribeTarget(deps, request.params.token),
  );

  app.post(
    '/unsubscribe/:token',
    {
      config: unsubscribeAccess,
      schema: { summary: 'RFC 8058 one-click unsubscribe', params: TokenParams, response: { 200: Message } },
    },
    async (request) => unsubscribe(deps, request.params.token),
  );
};

export default subscriptionRoutes;
