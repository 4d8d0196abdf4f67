import type { WebhookEndpoint as EndpointRow } from '@portal/db';
import type { WebhookEndpoint } from '@portal/domain/api/webhooks';
import type { LookupAll, WebhookSettings } from '@portal/webhooks';
import type { Clock, DbDeps } from '../lib/service-deps.js';

/** What the webhook services take: the database, the WEBHOOK_* settings, a resolver and a clock. */
export type WebhookDeps = DbDeps & { settings: WebhookSettings; lookup?: LookupAll | undefined; now: Clock };

/** An endpoint as the API shows it (and the audit log keeps it): never its secrets. */
export const endpointView = (e: EndpointRow): WebhookEndpoint => ({
  endpointId: e.endpointId,
  serviceAccountId: e.serviceAccountId,
  serviceAccountName: e.serviceAccountName,
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes,
  categoryCodes: e.categoryCodes,
  partners: e.partners.map(({ accessTypeCode, partnerCode, partnerName }) => ({
    accessTypeCode,
    partnerCode,
    partnerName,
  })),
  enabled: e.enabled,
  disabledReason: e.disabledReason,
  consecutiveFailures: e.consecutiveFailures,
  previousSecretExpiresAt: e.previousSecretExpiresAt && new Date(e.previousSecretExpiresAt).toISOString(),
  createdBy: e.createdBy,
  createdAt: new Date(e.createdAt).toISOString(),
  updatedAt: new Date(e.updatedAt).toISOString(),
});
