import { writeAudit } from '@portal/db';
import { listAllFrequencyTypes } from '@portal/db/admin-partners';
import {
  findAdminReportCategory,
  insertReportCategory,
  resolvePartners,
  setCategoryPartners,
  updateReportCategory,
} from '@portal/db/admin-report-categories';
import { sameCode } from '@portal/domain/admin-partner';
import {
  normalizeReportCategory,
  type ReportCategoryInput,
  reportCategoryProblems,
} from '@portal/domain/admin-report-category';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../plugins/errors.js';
import { duplicateOn, guardUnique, throwProblems } from './problems.js';

// POST and PUT /api/categories (SPEC.md §5 Report category): the category, its frequency types
// and, when sent, its partners, saved in one transaction with the audit entry.

export type ReportCategorySave = Omit<ReportCategoryInput, 'hasExternalLink' | 'externalLink'> & {
  hasExternalLink?: boolean;
  externalLink?: string | null;
  partners?: { type: string; code: string }[];
};

export const REPORT_CATEGORY_NOT_FOUND = 'Report category was not found.';
const duplicate = duplicateOn(
  { report_categories_pkey: 'code', report_categories_code_ci: 'code', report_categories_name_ci: 'name' },
  'code',
);

type Saved = NonNullable<Awaited<ReturnType<typeof findAdminReportCategory>>>;
export const categoryAuditView = (c: Saved) => ({
  code: c.code,
  name: c.name,
  externalLink: c.externalLink,
  ownerEmails: c.ownerEmails,
  frequencyTypes: c.frequencyTypes.map((f) => f.code),
  partners: c.partners.map((p) => `${p.type}/${p.code}`),
});

export async function saveReportCategory(
  app: FastifyInstance,
  save: { mode: 'create' | 'update'; body: ReportCategorySave; actorUserId: string },
) {
  // Without the form's box, a link sent (even blank) means the category is on another website.
  const externalLink = save.body.externalLink ?? null;
  const input = {
    ...save.body,
    externalLink,
    hasExternalLink: save.body.hasExternalLink ?? externalLink !== null,
  };
  throwProblems(reportCategoryProblems(input));
  const values = normalizeReportCategory(input);
  const known = await listAllFrequencyTypes(app.db);
  values.frequencyTypeCodes = values.frequencyTypeCodes.map((code) => {
    const found = known.find((f) => sameCode(f.code, code));
    if (!found) throw badRequest(`Unknown frequency type: ${code}`, { field: 'frequencyTypes' });
    return found.code;
  });
  const partners = save.body.partners && (await resolvePartners(app.db, save.body.partners));
  if (partners && partners.unknown.length > 0) {
    const names = partners.unknown.map((p) => `${p.type}/${p.code}`).join(', ');
    throw badRequest(`Unknown partner: ${names}`, { field: 'partners' });
  }

  return app.db.transaction().execute(async (trx) => {
    const existing = await findAdminReportCategory(trx, values.code);
    if (save.mode === 'create' && existing) throw duplicate('report_categories_code_ci');
    if (save.mode === 'update' && !existing) throw notFound(REPORT_CATEGORY_NOT_FOUND);
    const code = existing?.code ?? values.code;
    await guardUnique(
      () =>
        save.mode === 'create'
          ? insertReportCategory(trx, values)
          : updateReportCategory(trx, { ...values, code }),
      duplicate,
    );
    if (partners) await setCategoryPartners(trx, code, partners.partnerIds);
    const saved = (await findAdminReportCategory(trx, code))!;
    await writeAudit(trx, {
      actorUserId: save.actorUserId,
      action: `report-category.${save.mode}`,
      entityType: 'report-category',
      entityId: code,
      before: existing ? categoryAuditView(existing) : null,
      after: categoryAuditView(saved),
    });
    return saved;
  });
}
