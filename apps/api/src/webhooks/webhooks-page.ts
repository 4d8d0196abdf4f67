import {
  listServiceAccounts,
  listWebhookDeliveries,
  listWebhookEndpoints,
  listWebhookTargets,
} from '@portal/db';
import { canAccessPartner } from '@portal/domain';
import { mayManageForPartners } from '@portal/domain/admin/admin-scope';
import type { WebhookDeliveries, WebhooksReply } from '@portal/domain/api/webhooks';
import { REPORT_EVENT_TYPES } from '@portal/domain/reports/report-events';
import { endpointUrlHelp } from '@portal/webhooks';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { endpointView, type WebhookDeps } from './webhook-deps.js';
import { endpointInScope, mayManageEndpoint } from './webhook-scope.js';

/**
/**
 * The Webhooks page: the actor's endpoints, the service accounts, partners and categories a new one
 * may name, and what its URL may be under the settings in force. A manager is offered the service
 * accounts whose partners are all theirs, and none without a partner (mayManageForPartners): those
 * are internal admins' to give an endpoint.
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
  return {
    endpoints: endpoints.filter((e) => mayManageEndpoint(actor, e)).map(endpointView),
    serviceAccounts: accounts
      .filter((a) => a.disabledAt === null)
      .filter((a) => mayManageForPartners(actor, a.partnerGrants))
      .map(({ userId, name }) => ({ userId, name })),
    partners: targets.partners
      .filter((p) => canAccessPartner(actor, p.accessTypeCode, p.partnerCode))
      .map(({ accessTypeCode, partnerCode, partnerName }) => ({ accessTypeCode, partnerCode, partnerName })),
    categories: targets.categories,
    eventTypes: [...REPORT_EVENT_TYPES],
    urlHelp: endpointUrlHelp(settings),
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * An endpoint's last deliveries, newest first, with their attempts. A pending one says when it is
 * due, and, while its endpoint backs off, that it waits for the endpoint's probes. Why an attempt
 * was refused is everyone's to read; the address its host resolved to only an internal admin's: a
 * manager could otherwise map the portal's network by registering names that resolve into it.
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
        ...(actor.isInternalAdmin && refusedAddress !== null ? { refusedAddress } : {}),
      })),
    })),
  };
}
