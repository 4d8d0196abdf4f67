import { type DashboardInput, type Database, findPartnerId } from '@portal/db';
import { inferDashboardType, MESSAGES, normalizeDashboardType, prepareDashboardUrl } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import { badRequest } from '../lib/http/errors.js';
import type { Clock } from '../lib/service-deps.js';
import type { DashboardBody } from './schemas.js';

const blank = (value: string | null | undefined) => !value?.trim();

/**
 * SPEC.md §5 (Dashboard): access type, partner, name and URL are required, content type optional;
 * the URL must match the safe pattern of its type, and its host is removed. A refusal is a 400
 * naming the field and saying why; nothing is saved.
 */
export type DashboardDeps = { db: Kysely<Database>; quicksightHosts: readonly string[]; now: Clock };

export async function dashboardInput(
  { db, quicksightHosts }: DashboardDeps,
  body: Static<typeof DashboardBody>,
): Promise<DashboardInput & { partner: { type: string; code: string } }> {
  if (blank(body.partner.type)) throw badRequest(MESSAGES.required, { field: 'partner.type' });
  if (blank(body.partner.code)) throw badRequest(MESSAGES.required, { field: 'partner.code' });
  if (blank(body.dashboardName)) throw badRequest(MESSAGES.required, { field: 'dashboardName' });
  if (blank(body.dashboardUrl)) throw badRequest(MESSAGES.required, { field: 'dashboardUrl' });
  const dashboardType = blank(body.dashboardType)
    ? inferDashboardType(body.dashboardUrl)
    : normalizeDashboardType(body.dashboardType);
  if (!dashboardType) {
    throw badRequest('The dashboard type must be one of Tableau, RStudio, ThoughtSpot or QuickSight.', {
      field: 'dashboardType',
    });
  }
  const url = prepareDashboardUrl(dashboardType, body.dashboardUrl, { quicksightHosts });
  if (!url.ok) throw badRequest(url.reason, { field: 'dashboardUrl' });
  const partner = await findPartnerId(db, body.partner.type.trim(), body.partner.code.trim());
  if (!partner)
    throw badRequest('No partner has this access type and partner code.', { field: 'partner.code' });
  return {
    partner: { type: partner.type, code: partner.code },
    partnerId: partner.partnerId,
    dashboardName: body.dashboardName.trim(),
    dashboardDescription: body.dashboardDescription?.trim() ?? '',
    dashboardUrl: url.dashboardUrl,
    dashboardType,
    dashboardContentType: blank(body.dashboardContentType)
      ? null
      : (body.dashboardContentType?.trim() ?? null),
  };
}
