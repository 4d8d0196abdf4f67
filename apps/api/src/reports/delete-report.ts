import { softDeleteReport, writeAudit } from '@portal/db';
import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { REPORT_NOT_FOUND } from './report-ids.js';

/**
 * Marks a report deleted (kept for recovery), audited in the same transaction. The route has
 * checked the user's right to it; one deleted or replaced since answers as if unknown.
 */
export async function deleteReport(
  { db }: DbDeps,
  { actorUserId, reportId }: { actorUserId: string; reportId: number },
) {
  await db.transaction().execute(async (trx) => {
    const deleted = await softDeleteReport(trx, { reportId, deletedBy: actorUserId });
    if (!deleted) throw notFound(REPORT_NOT_FOUND);
    await writeAudit(trx, {
      actorUserId,
      action: 'REPORT_DELETE',
      entityType: 'report',
      entityId: String(reportId),
      before: deleted,
      after: { deleted: true },
    });
  });
  return { reportId, deleted: true };
}
