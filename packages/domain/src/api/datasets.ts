import { type Static, Type } from 'typebox';

// The replies of SPEC.md §7 datasets.

/** GET /api/datasets/:catalogId: the dataset's object key, for the dataset validation dialog. */
export const DatasetObjectKey = Type.Object({ objectKey: Type.String() });
export type DatasetObjectKey = Static<typeof DatasetObjectKey>;

/** POST /api/datasets: the dataset as registered. */
export const Dataset = Type.Object({ catalogId: Type.String(), objectKey: Type.String() });
export type Dataset = Static<typeof Dataset>;
