import type { IssueReport } from '@portal/domain';
import type { Db } from '../db.js';

// Report an Issue (SPEC.md §3): the reasons offered are data, and every submission is kept.

export async function listIssueReasons(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('issue_reasons')
    .select('reason')
    .orderBy('sort_order')
    .orderBy('reason')
    .execute();
  return rows.map((row) => row.reason);
}

export async function createReportedIssue(
  db: Db,
  issue: IssueReport & { userId: string | null },
): Promise<{ issueId: number; createdAt: Date }> {
  return db
    .insertInto('reported_issues')
    .values({
      user_id: issue.userId,
      phone: issue.phone.trim() || null,
      reason: issue.reason.trim(),
      message: issue.message.trim(),
    })
    .returning(['issue_id as issueId', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

export async function listReportedIssues(db: Db, userId: string) {
  return db
    .selectFrom('reported_issues')
    .select(['issue_id as issueId', 'phone', 'reason', 'message', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('issue_id')
    .execute();
}
