import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// Webhook endpoints of service accounts (issue 28): the Webhooks admin page and its API.

export const WebhookPartner = Type.Object({
  accessTypeCode: Type.String(),
  partnerCode: Type.String(),
  partnerName: Type.String(),
});
export type WebhookPartner = Static<typeof WebhookPartner>;

export const WebhookEndpoint = Type.Object({
  endpointId: Type.String(),
  serviceAccountId: Type.String(),
  serviceAccountName: Type.String(),
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(Type.String()),
  /** Empty: every category of its partners. */
  categoryCodes: Type.Array(Type.String()),
  partners: Type.Array(WebhookPartner),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String()),
  consecutiveFailures: Type.Integer(),
  /** Until when the secret before the last rotation still signs too. */
  previousSecretExpiresAt: Nullable(Type.String()),
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** The page's data: the endpoints the caller may manage and what a new one may name. */
export const WebhooksReply = Type.Object({
  endpoints: Type.Array(WebhookEndpoint),
  serviceAccounts: Type.Array(Type.Object({ userId: Type.String(), name: Type.String() })),
  partners: Type.Array(WebhookPartner),
  categories: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  eventTypes: Type.Array(Type.String()),
  /** What a new endpoint's URL may be under the settings in force (the form's help text). */
  urlHelp: Type.String(),
});
export type WebhooksReply = Static<typeof WebhooksReply>;

/** A new endpoint, or one whose secret was rotated: the secret is in this reply only. */
export const WebhookEndpointWithSecret = Type.Object({
  endpoint: WebhookEndpoint,
  secret: Type.String(),
});
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookAttempt = Type.Object({
  attempt: Type.Integer(),
  startedAt: Type.String(),
  durationMs: Type.Integer(),
  responseStatus: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  /** Where the host resolved, for an attempt refused for it: in an internal administrator's log only. */
  refusedAddress: Type.Optional(Type.String()),
  /** The OpenTelemetry trace the attempt was made in, to find it in a trace backend; null without tracing. */
  traceId: Nullable(Type.String()),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/** A pending delivery held back while its endpoint backs off: one probe at a time goes to the endpoint. */
export const WebhookDeliveryWaiting = Type.Object({
  /** When the endpoint's current run of failures began. */
  endpointFailingSince: Type.String(),
  /** When the endpoint is probed next (with its oldest due delivery). */
  nextProbeAt: Type.String(),
});
export type WebhookDeliveryWaiting = Static<typeof WebhookDeliveryWaiting>;

export const WebhookDelivery = Type.Object({
  deliveryId: Type.String(),
  eventId: Nullable(Type.String()),
  eventType: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  lastResponseStatus: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  succeededAt: Nullable(Type.String()),
  /** While pending: when it is due (its own retry schedule); null once it succeeded or failed. */
  nextAttemptAt: Nullable(Type.String()),
  /** While pending behind an endpoint that backs off; null otherwise. */
  waiting: Nullable(WebhookDeliveryWaiting),
  attemptLog: Type.Array(WebhookAttempt),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveries = Type.Object({ deliveries: Type.Array(WebhookDelivery) });
export type WebhookDeliveries = Static<typeof WebhookDeliveries>;

/** A delivery queued by "Send test event" or "Redeliver". */
export const QueuedWebhookDelivery = Type.Object({ deliveryId: Type.String() });
export type QueuedWebhookDelivery = Static<typeof QueuedWebhookDelivery>;
