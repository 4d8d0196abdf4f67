import { findUserWithAccess, listWebhookTargets, type WebhookEndpointSettings } from '@portal/db';
import { canAccessPartner, MESSAGES, type PartnerGrant } from '@portal/domain';
import { mayManageForPartners, partnersOutsideScope } from '@portal/domain/admin/admin-scope';
import { isReportEventType } from '@portal/domain/reports/report-events';
import {
  ENDPOINT_URL_MESSAGES,
  endpointUrlProblem,
  ForbiddenAddressError,
  resolveEndpoint,
  UnresolvableHostError,
} from '@portal/webhooks';
import { badRequest, forbidden } from '../lib/http/errors.js';
import type { Actor } from '../lib/service-deps.js';
import type { WebhookDeps } from './webhook-deps.js';

// What a client sends to register or change an endpoint, checked before anything is stored: each
// problem is a 400 naming its field, or a 403 for partners outside the caller's own.

export const WEBHOOK_MESSAGES = {
  forbiddenAddress:
    'The endpoint resolves to an address the portal does not send to (loopback, private, link-local or metadata).',
  unresolvable: "The endpoint's host name does not resolve.",
  noEvents: MESSAGES.atLeastOneOption,
  noPartners: MESSAGES.atLeastOneOption,
  notAServiceAccount: 'Choose a service account.',
  descriptionTooLong: 'The description must be at most 500 characters.',
} as const;

export type EndpointInput = {
  url: string;
  description?: string | undefined;
  eventTypes: readonly string[];
  partners: readonly PartnerGrant[];
  categoryCodes?: readonly string[] | undefined;
};

const unknownList = (what: string, values: readonly string[]) => `Unknown ${what}: ${values.join(', ')}`;

/** The URL, checked as written and by where it resolves now (it is checked again at every delivery). */
export async function checkEndpointUrl(deps: WebhookDeps, url: string): Promise<void> {
  const problem = endpointUrlProblem(url, { allowHttp: deps.settings.allowHttp });
  if (problem !== undefined) throw badRequest(problem, { field: 'url' });
  try {
    await resolveEndpoint(new URL(url), {
      allowed: deps.settings.allowedRanges,
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    });
  } catch (error) {
    if (error instanceof ForbiddenAddressError)
      throw badRequest(WEBHOOK_MESSAGES.forbiddenAddress, { field: 'url' });
    if (error instanceof UnresolvableHostError)
      throw badRequest(WEBHOOK_MESSAGES.unresolvable, { field: 'url' });
    throw badRequest(ENDPOINT_URL_MESSAGES.notAUrl, { field: 'url' });
  }
}

/** The settings to store, once every field is right and every partner is the actor's. */
export async function checkEndpointInput(
  deps: WebhookDeps,
  actor: Actor,
  input: EndpointInput,
  serviceAccountId: string,
): Promise<WebhookEndpointSettings> {
  const description = (input.description ?? '').trim();
  if (description.length > 500)
    throw badRequest(WEBHOOK_MESSAGES.descriptionTooLong, { field: 'description' });
  const eventTypes = [...new Set(input.eventTypes)];
  if (eventTypes.length === 0) throw badRequest(WEBHOOK_MESSAGES.noEvents, { field: 'eventTypes' });
  const unknownEvents = eventTypes.filter((type) => !isReportEventType(type));
  if (unknownEvents.length > 0)
    throw badRequest(unknownList('event', unknownEvents), { field: 'eventTypes' });
  if (input.partners.length === 0) throw badRequest(WEBHOOK_MESSAGES.noPartners, { field: 'partners' });
  if (partnersOutsideScope(actor, input.partners).length > 0) throw forbidden();

  const targets = await listWebhookTargets(deps.db);
  const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
  const partnerIds: number[] = [];
  const unknownPartners: string[] = [];
  for (const wanted of input.partners) {
    const found = targets.partners.find(
      (p) => same(p.accessTypeCode, wanted.accessTypeCode) && same(p.partnerCode, wanted.partnerCode),
    );
    if (found) partnerIds.push(found.partnerId);
    else unknownPartners.push(`${wanted.accessTypeCode}/${wanted.partnerCode}`);
  }
  if (unknownPartners.length > 0)
    throw badRequest(unknownList('partner', unknownPartners), { field: 'partners' });

  const categoryCodes = [...new Set((input.categoryCodes ?? []).map((code) => code.trim().toUpperCase()))];
  const unknownCategories = categoryCodes.filter(
    (code) => !targets.categories.some((c) => same(c.code, code)),
  );
  if (unknownCategories.length > 0) {
    throw badRequest(unknownList('report category', unknownCategories), { field: 'categoryCodes' });
  }

  // The service account hears only what it may download: a partner it lacks is refused here, and
  // checked again at every event and delivery, since its grants may change.
  const account = await findUserWithAccess(deps.db, serviceAccountId);
  const lacking = input.partners.filter(
    (p) => !account || !canAccessPartner(account, p.accessTypeCode, p.partnerCode),
  );
  if (lacking.length > 0) {
    const names = lacking.map((p) => `${p.accessTypeCode}/${p.partnerCode}`).join(', ');
    throw badRequest(`The service account has no access to partner ${names}.`, { field: 'partners' });
  }

  await checkEndpointUrl(deps, input.url);
  return { url: input.url, description, eventTypes, partnerIds, categoryCodes };
}

/**
 * A service account the actor may give an endpoint: an admin any; a manager one with partner
 * grants, all within their own. One with no grant is refused a manager with 403, as one of another
 * partner is: the account exists and the request is well formed, but it is not theirs to use.
 */
export async function checkServiceAccount(
  deps: WebhookDeps,
  actor: Actor,
  serviceAccountId: string,
): Promise<void> {
  const account = await findUserWithAccess(deps.db, serviceAccountId);
  if (!account?.isServiceAccount || account.disabledAt !== null) {
    throw badRequest(WEBHOOK_MESSAGES.notAServiceAccount, { field: 'serviceAccountId' });
  }
  if (!mayManageForPartners(actor, account.partnerGrants)) throw forbidden();
}
