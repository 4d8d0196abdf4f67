import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '@portal/domain/api/common';
import { PartnerAccess } from '@portal/domain/api/service-accounts';
import {
  QueuedWebhookDelivery,
  WebhookDeliveries,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhooksReply,
} from '@portal/domain/api/webhooks';
import { Type } from 'typebox';
import { requireUser } from '../plugins/access.js';
import { addWebhookEndpoint } from './add-webhook-endpoint.js';
import { changeWebhookEndpoint } from './change-webhook-endpoint.js';
import {
  enableEndpoint,
  redeliver,
  removeWebhookEndpoint,
  rotateSecret,
  sendTestEvent,
} from './endpoint-actions.js';
import { sendLimits } from './send-limits.js';
import { webhookDeliveries, webhooksPage } from './webhooks-page.js';

// Webhooks for partners' systems (issue 28): endpoints of service accounts that receive signed
// report events. MANAGE_PARTNERS: an internal admin manages every endpoint, a manager those of
// their own partners (webhook-scope.ts). A secret is in the reply that makes it only.

const access = { access: { feature: 'MANAGE_PARTNERS' as const } };

// The URL is checked by the service (endpointUrlProblem): its length and scheme get their own messages.
const EndpointFields = {
  url: Type.String(),
  description: Type.Optional(Type.String()),
  eventTypes: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 }),
  partners: Type.Array(PartnerAccess, { maxItems: 200 }),
  categoryCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 200 })),
};
const EndpointParams = Type.Object({ endpointId: Type.String({ format: 'uuid' }) });
const DeliveryParams = Type.Object({
  endpointId: Type.String({ format: 'uuid' }),
  deliveryId: Type.String({ pattern: '^msg_[0-9a-f]{32}$' }),
});

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({
    db: app.db,
    settings: app.config.webhooks,
    lookup: app.webhookLookup,
    now: app.now,
  });
  const sendByHand = sendLimits(app);

  app.get(
    '/api/admin/webhooks',
    {
      config: access,
      schema: { summary: 'Webhook endpoints, and what a new one may name', response: { 200: WebhooksReply } },
    },
    async (request) => webhooksPage(deps(), requireUser(request)),
  );

  app.post(
    '/api/admin/webhooks',
    {
      config: access,
      schema: {
        summary: 'Registers a webhook endpoint; its signing secret is in this reply only',
        body: Type.Object({
          serviceAccountId: Type.String({ minLength: 1, maxLength: 64 }),
          ...EndpointFields,
        }),
        response: { 201: WebhookEndpointWithSecret },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addWebhookEndpoint(deps(), requireUser(request), request.body)),
  );

  app.put(
    '/api/admin/webhooks/:endpointId',
    {
      config: access,
      schema: {
        summary: "Changes a webhook endpoint's URL, description, events, partners and categories",
        params: EndpointParams,
        body: Type.Object(EndpointFields),
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) =>
      changeWebhookEndpoint(deps(), requireUser(request), request.params.endpointId, request.body),
  );

  app.delete(
    '/api/admin/webhooks/:endpointId',
    {
      config: access,
      schema: { summary: 'Deletes a webhook endpoint', params: EndpointParams, response: { 200: Message } },
    },
    async (request) => {
      await removeWebhookEndpoint(deps(), requireUser(request), request.params.endpointId);
      return { message: 'Deleted' };
    },
  );

  app.post(
    '/api/admin/webhooks/:endpointId/rotate-secret',
    {
      config: access,
      schema: {
        summary: 'A new signing secret, in this reply only; the old one signs beside it for 24 hours',
        params: EndpointParams,
        response: { 200: WebhookEndpointWithSecret },
      },
    },
    async (request) => rotateSecret(deps(), requireUser(request), request.params.endpointId),
  );

  app.post(
    '/api/admin/webhooks/:endpointId/enable',
    {
      config: access,
      schema: {
        summary: 'Enables a webhook endpoint again',
        params: EndpointParams,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => enableEndpoint(deps(), requireUser(request), request.params.endpointId),
  );

  app.post(
    '/api/admin/webhooks/:endpointId/test',
    {
      config: access,
      preHandler: sendByHand,
      schema: {
        summary: 'Sends a webhook.test event',
        params: EndpointParams,
        response: { 202: QueuedWebhookDelivery },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestEvent(deps(), requireUser(request), request.params.endpointId)),
  );

  app.get(
    '/api/admin/webhooks/:endpointId/deliveries',
    {
      config: access,
      schema: {
        summary: "A webhook endpoint's last 100 deliveries, newest first, with their attempts",
        params: EndpointParams,
        response: { 200: WebhookDeliveries },
      },
    },
    async (request) => webhookDeliveries(deps(), requireUser(request), request.params.endpointId),
  );

  app.post(
    '/api/admin/webhooks/:endpointId/deliveries/:deliveryId/redeliver',
    {
      config: access,
      preHandler: sendByHand,
      schema: {
        summary: 'Sends a delivery again, with the same webhook-id and body',
        params: DeliveryParams,
        response: { 202: QueuedWebhookDelivery },
      },
    },
    async (request, reply) => {
      const { endpointId, deliveryId } = request.params;
      return reply.status(202).send(await redeliver(deps(), requireUser(request), endpointId, deliveryId));
    },
  );
};

export default webhookRoutes;
