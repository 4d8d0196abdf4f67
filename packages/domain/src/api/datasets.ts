import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

// The replies of SPEC.md §7 datasets.

/**
 * GET /api/datasets/:catalogId: the dataset's object key, for the dataset validation dialog, and the
 * partner its key names as the portal knows it (code as stored, and name), null when none is known.
 */
export const DatasetObjectKey = Type.Object({
  objectKey: Type.String(),
  partner: Nullable(
    Type.Object({ accessTypeCode: Type.String(), partnerCode: Type.String(), partnerName: Type.String() }),
  ),
});
export type DatasetObjectKey = Static<typeof DatasetObjectKey>;

/** POST /api/datasets: the dataset as registered. */
export const Dataset = Type.Object({ catalogId: Type.String(), objectKey: Type.String() });
export type Dataset = Static<typeof Dataset>;
