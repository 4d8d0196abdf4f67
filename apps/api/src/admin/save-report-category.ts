import {
  findAdminReportCategory,
  insertReportCategory,
  listAllFrequencyTypes,
  resolvePartners,
  setCategoryPartners,
  updateReportCategory,
  writeAudit,
} from '@portal/db';
import { partnerScope, sameCode } from '@portal/domain/admin/admin-partner';
import {
  normalizeReportCategory,
  type ReportCategoryInput,
  reportCategoryProblems,
} from '@portal/domain/admin/admin-report-category';
import { badRequest, notFound } from '../lib/http/errors.js';
import { duplicateOn, guardUnique, throwProblems } from '../lib/http/problems.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { requireCategoryChange, requireLinkablePartners } from './category-scope.js';

// POST and PUT /api/categories (SPEC.md §5 Report category): the category, its frequency types
// and, when sent, its partners, saved in one transaction with the audit entry. A manager links
// only partners they may access, and changes a category only when they may access all its
// partners (category-scope.ts); the reply shows their partners' part.

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
  { db }: DbDeps,
  save: { mode: 'create' | 'update'; body: ReportCategorySave; actor: Actor },
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
  const known = await listAllFrequencyTypes(db);
  values.frequencyTypeCodes = values.frequencyTypeCodes.map((code) => {
    const found = known.find((f) => sameCode(f.code, code));
    if (!found) throw badRequest(`Unknown frequency type: ${code}`, { field: 'frequencyTypes' });
    return found.code;
  });
  if (save.body.partners) requireLinkablePartners(save.actor, save.body.partners);
  const partners = save.body.partners && (await resolvePartners(db, save.body.partners));
  if (partners && partners.unknown.length > 0) {
    const names = partners.unknown.map((p) => `${p.type}/${p.code}`).join(', ');
    throw badRequest(`Unknown partner: ${names}`, { field: 'partners' });
  }

  return db.transaction().execute(async (trx) => {
    const existing = await findAdminReportCategory(trx, values.code);
    if (save.mode === 'create' && existing) throw duplicate('report_categories_code_ci');
    if (save.mode === 'update' && !existing) throw notFound(REPORT_CATEGORY_NOT_FOUND);
    if (existing) requireCategoryChange(save.actor, existing);
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
      actorUserId: save.actor.userId,
      action: `report-category.${save.mode}`,
      entityType: 'report-category',
      entityId: code,
      before: existing ? categoryAuditView(existing) : null,
      after: categoryAuditView(saved),
    });
    return (await findAdminReportCategory(trx, code, partnerScope(save.actor)))!;
  });
}
