import {
  categoryHasReports,
  deleteReportCategory as deleteReportCategoryRow,
  findAdminReportCategory,
  isForeignKeyViolation,
  writeAudit,
} from '@portal/db';
import { conflict, notFound } from '../lib/http/errors.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { requireCategoryChange } from './category-scope.js';
import { categoryAuditView, REPORT_CATEGORY_NOT_FOUND } from './save-report-category.js';

export const CATEGORY_HAS_REPORTS = 'This report category has reports and cannot be deleted.';

/**
 * DELETE /api/categories/{code}: a category without reports, with its partner links and alerts,
 * by someone who may access all its partners; audited in the same transaction.
 */
export async function deleteReportCategory({ db }: DbDeps, { actor, code }: { actor: Actor; code: string }) {
  try {
    return await db.transaction().execute(async (trx) => {
      const category = await findAdminReportCategory(trx, code);
      if (!category) throw notFound(REPORT_CATEGORY_NOT_FOUND);
      requireCategoryChange(actor, category);
      if (await categoryHasReports(trx, category.code)) throw conflict(CATEGORY_HAS_REPORTS);
      await deleteReportCategoryRow(trx, category.code);
      await writeAudit(trx, {
        actorUserId: actor.userId,
        action: 'report-category.delete',
        entityType: 'report-category',
        entityId: category.code,
        before: categoryAuditView(category),
        after: null,
      });
      return category;
    });
  } catch (error) {
    // A report uploaded between the check and the delete still holds the category.
    if (isForeignKeyViolation(error)) throw conflict(CATEGORY_HAS_REPORTS);
    throw error;
  }
}
