import { invalidObjectKey, MESSAGES } from '../common/messages.js';
import { REPORTS_ROOT } from '../reports/report-keys.js';

// SPEC.md §5 Dataset: a dataset added for a partner's report category must be the one at
// /Reports/{accessType}/{partner}/{category}/ ('Invalid Object Key: expected {path}' otherwise,
// 'Dataset not found' when the catalogue has no such dataset). The dialog of §4 shows the result.

export type DatasetTarget = { accessTypeCode: string; partnerCode: string; categoryCode: string };

export type DatasetValidation =
  | { state: 'idle' }
  | { state: 'validating' }
  | { state: 'validated'; message: string; objectKey: string }
  | { state: 'failed'; message: string };

export function expectedDatasetObjectKey(target: DatasetTarget): string {
  return `/${REPORTS_ROOT}/${target.accessTypeCode}/${target.partnerCode}/${target.categoryCode}/`;
}

const ROOT = `/${REPORTS_ROOT}/`;

/**
 * The dialog's outcome for the objectKey the catalogue returned (undefined: the dataset was not
 * found). The codes in the key are compared as the portal compares codes, whatever their case
 * ('bjs' is BJS); the folder's root and its trailing slash as written.
 */
export function validateDatasetObjectKey(
  objectKey: string | undefined,
  target: DatasetTarget,
): DatasetValidation {
  if (objectKey === undefined) return { state: 'failed', message: MESSAGES.datasetNotFound };
  const expected = expectedDatasetObjectKey(target);
  const same = objectKey.startsWith(ROOT) && objectKey.toUpperCase() === expected.toUpperCase();
  return same
    ? { state: 'validated', message: MESSAGES.datasetValidated, objectKey }
    : { state: 'failed', message: invalidObjectKey(expected) };
}

/** The dialog's Add button works only after a successful validation. */
export const canAddDataset = (validation: DatasetValidation) => validation.state === 'validated';
