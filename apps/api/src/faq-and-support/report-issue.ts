import { createReportedIssue, type Db, listIssueReasons } from '@portal/db';
import { type IssueReport, type IssueReporter, issueReportProblems, supportMail } from '@portal/domain';
import { enqueue } from '@portal/queue';
import { throwFirstProblem } from '../lib/http/field-errors.js';
import type { DbDeps } from '../lib/service-deps.js';

/** The contact form's rules (SPEC.md §5): the route also runs them before its rate limit counts. */
export async function checkIssueReport(db: Db, report: IssueReport): Promise<void> {
  throwFirstProblem(issueReportProblems(report, await listIssueReasons(db)));
}

/**
 * Stores a reported issue and, in the same transaction, the outbox job that mails it to the
 * support mailbox: the mail goes out once the issue is stored, and never for one that is not.
 */
export async function reportIssue(
  { db, supportMailbox }: DbDeps & { supportMailbox: string },
  { reporter, report }: { reporter: IssueReporter; report: IssueReport },
): Promise<number> {
  await checkIssueReport(db, report);
  return db.transaction().execute(async (trx) => {
    const issue = await createReportedIssue(trx, { ...report, userId: reporter.userId });
    const mail = supportMail(report, reporter, issue.issueId);
    await enqueue(trx, { name: 'mail.send', payload: { to: [supportMailbox], ...mail } });
    return issue.issueId;
  });
}
