import { isSafeExternalHref } from '../common/external-link.js';
import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';
import { MESSAGES } from '../common/messages.js';
import { keySegmentProblem } from '../reports/report-keys.js';

// SPEC.md §5 Report category: code and name are required and unique case-insensitively (the
// database's unique indexes hold that rule); blanks are removed from the owner emails; a checked
// external link box makes the link required, and the link is stripped of leading and trailing
// punctuation. Code is locked on edit (the form disables it; the API takes it from the path).

export type ReportCategoryInput = {
  code: string;
  name: string;
  frequencyTypes: readonly { code: string }[];
  /** The form's "on another website" box; without it the link is optional. */
  hasExternalLink: boolean;
  externalLink: string | null;
  ownerEmails: readonly string[];
};

export type ReportCategoryValues = {
  code: string;
  name: string;
  frequencyTypeCodes: string[];
  externalLink: string | null;
  ownerEmails: string[];
};

export type ReportCategoryField = 'code' | 'name' | 'frequencyTypes' | 'externalLink' | 'ownerEmails';

export const REPORT_CATEGORY_CODE_MAX = 50;
export const REPORT_CATEGORY_NAME_MAX = 200;
export const EXTERNAL_LINK_MAX = 2000;
export const INVALID_EXTERNAL_LINK = 'Enter a web address starting with http:// or https://.';
export const invalidOwnerEmail = (email: string) => `${email} is not a valid email address.`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value) && value.length <= 254;
}

/** Leading and trailing punctuation and white space go: '"https://x.example/a".' is https://x.example/a. */
export function stripLinkPunctuation(link: string): string {
  return link.replace(/^[\p{P}\p{S}\s]+/u, '').replace(/[\p{P}\p{S}\s]+$/u, '');
}

/** Owner emails without blanks, trimmed, each once (case-insensitively). */
export function cleanOwnerEmails(emails: readonly string[]): string[] {
  const seen = new Set<string>();
  return emails
    .map((email) => email.trim())
    .filter((email) => {
      if (email === '' || seen.has(email.toLowerCase())) return false;
      seen.add(email.toLowerCase());
      return true;
    });
}

function linkProblem(input: ReportCategoryInput): FieldProblem<ReportCategoryField> | null {
  if (!input.hasExternalLink) return null;
  const link = stripLinkPunctuation(input.externalLink ?? '');
  if (link === '') return { field: 'externalLink', message: MESSAGES.externalLinkRequired };
  if (link.length > EXTERNAL_LINK_MAX)
    return { field: 'externalLink', message: `Use at most ${EXTERNAL_LINK_MAX} characters.` };
  return isSafeExternalHref(link) ? null : { field: 'externalLink', message: INVALID_EXTERNAL_LINK };
}

function codeProblem(code: string): FieldProblem<ReportCategoryField> | null {
  // A blank code is refused as required first (the first problem of a field is the one kept).
  const problem = keySegmentProblem(code.trim());
  return problem ? { field: 'code', message: `The code ${problem}.` } : null;
}

export function reportCategoryProblems(input: ReportCategoryInput): FieldProblem<ReportCategoryField>[] {
  const badEmail = cleanOwnerEmails(input.ownerEmails).find((email) => !isEmailAddress(email));
  return problems<ReportCategoryField>(
    requiredProblem('code', input.code),
    codeProblem(input.code),
    tooLongProblem('code', input.code, REPORT_CATEGORY_CODE_MAX),
    requiredProblem('name', input.name),
    tooLongProblem('name', input.name, REPORT_CATEGORY_NAME_MAX),
    input.frequencyTypes.length === 0
      ? { field: 'frequencyTypes', message: MESSAGES.atLeastOneOption }
      : null,
    linkProblem(input),
    badEmail === undefined ? null : { field: 'ownerEmails', message: invalidOwnerEmail(badEmail) },
  );
}

export function normalizeReportCategory(input: ReportCategoryInput): ReportCategoryValues {
  const link = input.hasExternalLink ? stripLinkPunctuation(input.externalLink ?? '') : '';
  return {
    code: input.code.trim(),
    name: input.name.trim(),
    frequencyTypeCodes: [...new Set(input.frequencyTypes.map((f) => f.code.trim()))],
    externalLink: link === '' ? null : link,
    ownerEmails: cleanOwnerEmails(input.ownerEmails),
  };
}
