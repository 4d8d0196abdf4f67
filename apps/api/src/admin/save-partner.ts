import {
  type AdminPartner,
  findAdminPartners,
  insertPartner,
  isForeignKeyViolation,
  listAccessTypes,
  listCategoryCatalog,
  listPartnerReportMonitors,
  lockPartner,
  updatePartner,
  writeAudit,
} from '@portal/db';
import { MESSAGES } from '@portal/domain';
import {
  alertsEnabledFor,
  normalizePartner,
  type PartnerInput,
  type PartnerValues,
  partnerProblems,
  sameCode,
} from '@portal/domain/admin/admin-partner';
import {
  type AlertChanges,
  alertChangeFailure,
  alertChangesProblem,
} from '@portal/domain/monitors/alert-queue';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, notFound } from '../lib/http/errors.js';
import { guardUnique, throwProblems } from '../lib/http/problems.js';
import type { DbDeps } from '../lib/service-deps.js';
import { applyAlertChanges } from '../monitors/alert-changes.js';
import { ALERTS_FOR_EXT_ONLY } from '../monitors/checked-alert.js';
import { monitorAuditView } from '../monitors/views.js';
import { partnerView } from './views.js';

// POST and PUT /api/partners (SPEC.md §5 Partner, §4 Report alerts in the partner form): the
// partner, its categories and its queued alert changes are saved in ONE transaction, with the
// audit entries; a failure anywhere leaves everything as it was and the reply names what failed.

export type PartnerSave = PartnerInput & { reportAlertChanges?: AlertChanges };
type Catalog = Awaited<ReturnType<typeof listCategoryCatalog>>;

export const PARTNER_NOT_FOUND = MESSAGES.partnerNotFound;
export const CATALOG_CHANGED =
  'A report category or frequency type was changed meanwhile. Reload the page and try again.';
const NO_CHANGES: AlertChanges = { creates: [], updates: [], deletes: [] };

/** Codes as the catalogue spells them (the form may send another case). */
function canonical(values: PartnerValues, catalog: Catalog): PartnerValues {
  return {
    ...values,
    categories: values.categories.map((c) => {
      const known = catalog.find((k) => sameCode(k.code, c.categoryCode))!;
      const frequencyTypeCodes = c.frequencyTypeCodes.map(
        (code) => known.frequencyTypes.find((f) => sameCode(f.code, code))!.code,
      );
      return { categoryCode: known.code, frequencyTypeCodes };
    }),
  };
}

function canonicalChanges(changes: AlertChanges, values: PartnerValues): AlertChanges {
  const fix = <T extends { categoryCode: string; frequencyTypeCode: string }>(alert: T): T => ({
    ...alert,
    categoryCode:
      values.categories.find((c) => sameCode(c.categoryCode, alert.categoryCode))?.categoryCode ??
      alert.categoryCode,
    frequencyTypeCode: alert.frequencyTypeCode.trim().toUpperCase(),
  });
  return {
    creates: changes.creates.map(fix),
    updates: changes.updates.map(fix),
    deletes: [...new Set(changes.deletes)],
  };
}

function checkAlertChanges(changes: AlertChanges, values: PartnerValues) {
  if (!alertsEnabledFor(values.accessTypeCode) && changes.creates.length + changes.updates.length > 0) {
    const change =
      changes.creates.length > 0
        ? { kind: 'create' as const, index: 0, reportMonitorId: null }
        : { kind: 'update' as const, index: 0, reportMonitorId: changes.updates[0]!.reportMonitorId };
    throw badRequest(alertChangeFailure(change, ALERTS_FOR_EXT_ONLY), { failedChange: change });
  }
  const found = alertChangesProblem(changes, values.categories);
  if (found) {
    throw badRequest(alertChangeFailure(found.change, found.problem.message), {
      failedChange: found.change,
      field: found.problem.field,
    });
  }
}

const auditView = (
  partner: AdminPartner,
  monitors: Awaited<ReturnType<typeof listPartnerReportMonitors>>,
) => ({
  ...partnerView(partner),
  reportAlerts: monitors.map(monitorAuditView),
});

export async function savePartner(
  { db }: DbDeps,
  save: {
    mode: 'create' | 'update';
    body: PartnerSave;
    actorUserId: string;
    log: FastifyBaseLogger;
    /** Refuses (throws) when the user may not manage this partner. */
    authorize: (accessTypeCode: string, partnerCode: string) => void;
  },
) {
  const catalog = await listCategoryCatalog(db);
  throwProblems(partnerProblems(save.body, catalog));
  const values = canonical(normalizePartner(save.body), catalog);
  const accessTypes = await listAccessTypes(db);
  if (!accessTypes.some((a) => a.code === values.accessTypeCode)) {
    throw badRequest(`Unknown access type: ${values.accessTypeCode}`, { field: 'type' });
  }
  save.authorize(values.accessTypeCode, values.code);
  const changes = canonicalChanges(save.body.reportAlertChanges ?? NO_CHANGES, values);
  checkAlertChanges(changes, values);

  try {
    return await saveInTransaction(db, save, values, changes);
  } catch (error) {
    // A category or frequency type deleted since the form was read.
    if (isForeignKeyViolation(error)) throw conflict(CATALOG_CHANGED);
    throw error;
  }
}

async function saveInTransaction(
  db: DbDeps['db'],
  save: Pick<Parameters<typeof savePartner>[1], 'mode' | 'actorUserId' | 'log'>,
  values: PartnerValues,
  changes: AlertChanges,
) {
  return db.transaction().execute(async (trx) => {
    const [existing] = await findAdminPartners(trx, values.code, values.accessTypeCode);
    let partnerId: number;
    let removedCategories: string[] = [];
    let before: ReturnType<typeof auditView> | null = null;
    if (save.mode === 'create') {
      if (existing) throw conflict(MESSAGES.partnerExists, { field: 'code' });
      partnerId = await guardUnique(
        () => insertPartner(trx, values),
        () => conflict(MESSAGES.partnerExists, { field: 'code' }),
      );
    } else {
      if (!existing) throw notFound(PARTNER_NOT_FOUND);
      partnerId = existing.partnerId;
      await lockPartner(trx, partnerId);
      const [locked] = await findAdminPartners(trx, values.code, values.accessTypeCode);
      before = auditView(locked!, await listPartnerReportMonitors(trx, [partnerId]));
      removedCategories = await updatePartner(trx, partnerId, { ...values, code: existing.code });
    }
    const ctx = { trx, actorUserId: save.actorUserId, partnerId, log: save.log };
    await applyAlertChanges(ctx, changes, removedCategories);
    const [partner] = await findAdminPartners(trx, values.code, values.accessTypeCode);
    const monitors = await listPartnerReportMonitors(trx, [partnerId]);
    await writeAudit(trx, {
      actorUserId: save.actorUserId,
      action: `partner.${save.mode}`,
      entityType: 'partner',
      entityId: `${partner!.type}/${partner!.code}`,
      before,
      after: auditView(partner!, monitors),
    });
    return { partner: partner!, monitors };
  });
}
