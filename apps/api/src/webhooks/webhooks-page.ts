import {
  listServiceAccounts,
  listWebhookDeliveries,
  listWebhookEndpoints,
  listWebhookTargets,
} from '@portal/db';
import type { WebhookDeliveries, WebhooksReply } from '@portal/domain/api/webhooks';
import { REPORT_EVENT_TYPES } from '@portal/domain/reports/report-events';
import { refusedAddressView, webhooksPageScope } from '@portal/domain/webhooks/webhooks-page';
import { endpointUrlHelp } from '@portal/webhooks';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { endpointView, type WebhookDeps } from './webhook-deps.js';
import { endpointInScope } from './webhook-scope.js';

/**
 * The Webhooks page: the actor's endpoints, the service accounts, partners and categories a new one
 * may name, and what its URL may be under the settings in force, all in the actor's scope
 * (webhooksPageScope).
 */
export async function webhooksPage(
  { db, settings }: Pick<WebhookDeps, 'db' | 'settings'>,
  actor: Actor,
): Promise<WebhooksReply> {
  const [endpoints, accounts, targets] = await Promise.all([
    listWebhookEndpoints(db),
    listServiceAccounts(db),
    listWebhookTargets(db),
  ]);
  const scoped = webhooksPageScope(actor, {
    endpoints,
    serviceAccounts: accounts,
    partners: targets.partners,
  });
  return {
    endpoints: scoped.endpoints.map(endpointView),
    serviceAccounts: scoped.serviceAccounts.map(({ userId, name }) => ({ userId, name })),
    partners: scoped.partners.map(({ accessTypeCode, partnerCode, partnerName }) => ({
      accessTypeCode,
      partnerCode,
      partnerName,
    })),
    categories: targets.categories,
    eventTypes: [...REPORT_EVENT_TYPES],
    urlHelp: endpointUrlHelp(settings),
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * An endpoint's last deliveries, newest first, with their attempts. A pending one says when it is
 * due, and, while its endpoint backs off, that it waits for the endpoint's probes. Why an attempt
 * was refused is everyone's to read; the address its host resolved to only an internal admin's
 * (refusedAddressView).
 */
export async function webhookDeliveries(
  deps: DbDeps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookDeliveries> {
  const endpoint = await endpointInScope(deps, actor, endpointId);
  const deliveries = await listWebhookDeliveries(deps.db, endpointId, 100);
  const { enabled, failingSince, nextProbeAt } = endpoint;
  const waiting =
    enabled && nextProbeAt !== null
      ? {
          endpointFailingSince: new Date(failingSince ?? nextProbeAt).toISOString(),
          nextProbeAt: new Date(nextProbeAt).toISOString(),
        }
      : null;
  return {
    deliveries: deliveries.map(({ nextAttemptAt, ...d }) => ({
      ...d,
      createdAt: new Date(d.createdAt).toISOString(),
      succeededAt: iso(d.succeededAt),
      nextAttemptAt: d.status === 'pending' ? iso(nextAttemptAt) : null,
      waiting: d.status === 'pending' ? waiting : null,
      attemptLog: d.attemptLog.map(({ refusedAddress, ...a }) => ({
        ...a,
        startedAt: new Date(a.startedAt).toISOString(),
        ...refusedAddressView(actor, refusedAddress),
      })),
    })),
  };
}
