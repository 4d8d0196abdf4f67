import { findCatalogPartner, findDataset } from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { datasetPartnerOf } from '@portal/domain/admin/admin-scope';
import type { DatasetObjectKey } from '@portal/domain/api/datasets';
import { notFound } from '../lib/http/errors.js';
import type { AuthenticatedUser } from '../lib/http/principal.js';
import type { DbDeps } from '../lib/service-deps.js';
import { requireDatasetInScope } from './register-dataset.js';

/**
 * A dataset for the dataset validation dialog: its object key, and the partner the key names as the
 * portal knows it, so that the partner the dialog adds has its stored code and its name (whatever
 * case the person typed the code in).
 */
export async function datasetOf(
  { db }: DbDeps,
  user: AuthenticatedUser,
  catalogId: string,
): Promise<DatasetObjectKey> {
  const dataset = await findDataset(db, catalogId);
  if (!dataset) throw notFound(MESSAGES.datasetNotFound);
  requireDatasetInScope(user, dataset.objectKey);
  const named = datasetPartnerOf(dataset.objectKey);
  const partner = named && (await findCatalogPartner(db, named.accessTypeCode, named.partnerCode));
  return {
    objectKey: dataset.objectKey,
    partner: partner
      ? { accessTypeCode: partner.type, partnerCode: partner.code, partnerName: partner.name }
      : null,
  };
}
