import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';

// SPEC.md §5 Report an issue: reason and message are required, phone is optional. The reasons
// are data (GET /api/reasons) and the support mailbox is configuration.

export type IssueReport = { phone: string; reason: string; message: string };

export const ISSUE_MESSAGE_MAX = 5_000;
export const ISSUE_PHONE_MAX = 30;

export const ISSUE_PROBLEMS = {
  unknownReason: 'Please choose a reason from the list.',
  phone: 'Please enter a valid phone number, or leave it empty.',
} as const;

/** Success dialog of the form (§8 gives only its start, 'Your issue has been reported...'). */
export const ISSUE_REPORTED_MESSAGE =
  'Your issue has been reported. Thank you for letting us know: our support team will review it and contact you if they need more information.';

/** Issues one user may send per window; more answer 429 (a form that mails people is a spam lever). */
export const CONTACT_US_RATE_LIMIT = { max: 10, timeWindowMs: 60 * 60 * 1000 } as const;

// Digits, spaces and the usual separators, with an optional extension: '+1 (800) 555-0100 x12'.
const PHONE = /^\+?[\d\s().-]+(\s*(x|ext\.?)\s*\d+)?$/i;

function phoneProblem(phone: string): FieldProblem<'phone'> | null {
  const text = phone.trim();
  if (text === '') return null;
  const digits = text.replace(/\D/g, '').length;
  if (text.length > ISSUE_PHONE_MAX || !PHONE.test(text) || digits < 7) {
    return { field: 'phone', message: ISSUE_PROBLEMS.phone };
  }
  return null;
}

/** The problems of a report; with `reasons`, the reason must be one of them. */
export function issueReportProblems(
  report: IssueReport,
  reasons?: readonly string[],
): FieldProblem<keyof IssueReport>[] {
  const reason = report.reason.trim();
  const unknownReason =
    reasons && !reasons.includes(reason)
      ? { field: 'reason' as const, message: ISSUE_PROBLEMS.unknownReason }
      : null;
  return problems<keyof IssueReport>(
    phoneProblem(report.phone),
    requiredProblem('reason', report.reason),
    unknownReason,
    requiredProblem('message', report.message),
    tooLongProblem('message', report.message, ISSUE_MESSAGE_MAX),
  );
}

export type IssueReporter = { userId: string; firstName: string; lastName: string; email: string };

/** The mail the support mailbox receives for a reported issue. */
export function supportMail(
  report: IssueReport,
  reporter: IssueReporter,
  issueId: number,
): { subject: string; text: string } {
  const name = `${reporter.firstName} ${reporter.lastName}`.trim() || reporter.userId;
  const text = [
    `${name} reported an issue through the portal (issue ${issueId}).`,
    '',
    `Reason: ${report.reason.trim()}`,
    `User id: ${reporter.userId}`,
    `Email: ${reporter.email || 'not given'}`,
    `Phone: ${report.phone.trim() || 'not given'}`,
    '',
    'Message:',
    report.message.trim(),
  ].join('\n');
  return { subject: `Reported issue ${issueId}: ${report.reason.trim()}`, text };
}
