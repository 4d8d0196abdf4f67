import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';

// SPEC.md §5 Frequency type: code and name are required and unique (case-insensitively, held by
// the database's unique indexes). Code is locked on edit.

export type FrequencyTypeInput = { code: string; name: string };
export type FrequencyTypeField = keyof FrequencyTypeInput;

export const FREQUENCY_TYPE_CODE_MAX = 20;
export const FREQUENCY_TYPE_NAME_MAX = 100;
export const CODE_WITHOUT_SPACES = 'Use letters, digits, dashes and underscores only.';

export function frequencyTypeProblems(input: FrequencyTypeInput): FieldProblem<FrequencyTypeField>[] {
  const code = input.code.trim();
  return problems<FrequencyTypeField>(
    requiredProblem('code', input.code),
    // A blank code is refused as required first (the first problem of a field is the one kept).
    /^[A-Za-z0-9_-]+$/.test(code) ? null : { field: 'code', message: CODE_WITHOUT_SPACES },
    tooLongProblem('code', input.code, FREQUENCY_TYPE_CODE_MAX),
    requiredProblem('name', input.name),
    tooLongProblem('name', input.name, FREQUENCY_TYPE_NAME_MAX),
  );
}

export function normalizeFrequencyType(input: FrequencyTypeInput): FrequencyTypeInput {
  return { code: input.code.trim(), name: input.name.trim() };
}
