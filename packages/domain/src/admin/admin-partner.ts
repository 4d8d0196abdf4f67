import { canUseAccessType, type PartnerGrant, type Principal } from '../access/permissions.js';
import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';
import { MESSAGES } from '../common/messages.js';
import { keySegmentProblem } from '../reports/report-keys.js';

// SPEC.md §5 Partner form: access type, code and name are required; each selected category needs
// at least one frequency type; a duplicate access type plus code (case-insensitive, trimmed) is
// refused. The form and the API both call these functions; the database's unique index on
// (access_type_code, lower(code)) is what makes the duplicate rule hold under concurrency.

export type PartnerCategoryInput = { code: string; frequencyTypes: readonly { code: string }[] };
export type PartnerInput = {
  /** The access type code, e.g. EXT or INT. */
  type: string;
  code: string;
  name: string;
  categories: readonly PartnerCategoryInput[];
};

/** A partner as stored: codes trimmed, access type upper-cased, no category or frequency type twice. */
export type PartnerValues = {
  accessTypeCode: string;
  code: string;
  name: string;
  categories: { categoryCode: string; frequencyTypeCodes: string[] }[];
};

/** What the catalogue offers: each report category with the frequency types it is published in. */
export type CategoryCatalog = readonly { code: string; frequencyTypes: readonly { code: string }[] }[];

export const PARTNER_CODE_MAX = 50;
export const PARTNER_NAME_MAX = 200;
/** The access type whose partners may have report alerts (SPEC.md §2: EXT enables the alert bell). */
export const ALERT_ACCESS_TYPE = 'EXT';

export type PartnerField = 'type' | 'code' | 'name' | `categories.${string}`;

export const categoryField = (categoryCode: string): PartnerField => `categories.${categoryCode}`;

function codeProblem(field: PartnerField, code: string): FieldProblem<PartnerField> | null {
  // A blank code is refused as required first (the first problem of a field is the one kept).
  const problem = keySegmentProblem(code.trim());
  return problem ? { field, message: `The code ${problem}.` } : null;
}

function categoryProblems(
  categories: readonly PartnerCategoryInput[],
  catalog: CategoryCatalog | undefined,
): (FieldProblem<PartnerField> | null)[] {
  return categories.map((category) => {
    const field = categoryField(category.code.trim());
    const offered = catalog?.find((c) => sameCode(c.code, category.code));
    if (catalog && !offered) return { field, message: `Unknown report category: ${category.code}` };
    if (category.frequencyTypes.length === 0) return { field, message: MESSAGES.atLeastOneOption };
    const unknown = category.frequencyTypes.find(
      (f) => offered && !offered.frequencyTypes.some((o) => sameCode(o.code, f.code)),
    );
    return unknown
      ? { field, message: `The frequency type ${unknown.code} is not offered for this report category.` }
      : null;
  });
}

/** The problems of a partner form, in field order; `catalog` adds the checks against known categories. */
export function partnerProblems(
  input: PartnerInput,
  catalog?: CategoryCatalog,
): FieldProblem<PartnerField>[] {
  return problems<PartnerField>(
    requiredProblem('type', input.type),
    requiredProblem('code', input.code),
    codeProblem('code', input.code),
    tooLongProblem('code', input.code, PARTNER_CODE_MAX),
    requiredProblem('name', input.name),
    tooLongProblem('name', input.name, PARTNER_NAME_MAX),
    ...categoryProblems(input.categories, catalog),
  );
}

export function sameCode(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Two partners are the same when their access types and codes match, trimmed and case-insensitively. */
export function samePartner(
  a: { accessTypeCode: string; code: string },
  b: { accessTypeCode: string; code: string },
): boolean {
  return sameCode(a.accessTypeCode, b.accessTypeCode) && sameCode(a.code, b.code);
}

const unique = (codes: readonly string[]) => {
  const seen = new Set<string>();
  return codes.filter((code) => {
    const key = code.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export function normalizePartner(input: PartnerInput): PartnerValues {
  const byCode = new Map<string, { categoryCode: string; frequencyTypeCodes: string[] }>();
  for (const category of input.categories) {
    const categoryCode = category.code.trim();
    const entry = byCode.get(categoryCode.toLowerCase()) ?? { categoryCode, frequencyTypeCodes: [] };
    entry.frequencyTypeCodes = unique([
      ...entry.frequencyTypeCodes,
      ...category.frequencyTypes.map((f) => f.code.trim()),
    ]);
    byCode.set(categoryCode.toLowerCase(), entry);
  }
  return {
    accessTypeCode: input.type.trim().toUpperCase(),
    code: input.code.trim(),
    name: input.name.trim(),
    categories: [...byCode.values()],
  };
}

/** SPEC.md §2: an access type of EXT enables the alert bell of the partner form. */
export function alertsEnabledFor(accessTypeCode: string): boolean {
  return accessTypeCode.trim().toUpperCase() === ALERT_ACCESS_TYPE;
}

/** Which partners an admin list shows a user: every one, or those of their grants (SPEC.md §6). */
export type PartnerScope = 'all' | readonly PartnerGrant[];

export function partnerScope(principal: Principal): PartnerScope {
  if (principal.isInternalAdmin) return 'all';
  return principal.partnerGrants.filter((grant) => canUseAccessType(principal, grant.accessTypeCode));
}
