import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { CodeName } from '@portal/domain/api/common';
import type { DatasetObjectKey } from '@portal/domain/api/datasets';
import type { CategoryPartner } from '@portal/domain/api/report-categories';
import {
  canAddDataset,
  type DatasetValidation,
  validateDatasetObjectKey,
} from '@portal/domain/datasets/dataset';
import { useState } from 'react';
import { ApiError, get } from '../../api/api.js';

// SPEC.md §4 Dataset validation dialog: idle, then validating, then 'Dataset validated' or a
// failure; Add is enabled only after success. The dataset of a partner's category must be the
// folder /Reports/{accessType}/{partner}/{category}/ (§5 Dataset).

type DatasetDialogProps = {
  categoryCode: string;
  accessTypes: CodeName[];
  onAdd: (partner: CategoryPartner) => void;
  onClose: () => void;
};

export function DatasetDialog({ categoryCode, accessTypes, onAdd, onClose }: DatasetDialogProps) {
  const [accessTypeCode, setAccessTypeCode] = useState<string | null>('EXT');
  const [partnerCode, setPartnerCode] = useState('');
  const [catalogId, setCatalogId] = useState('');
  const [validation, setValidation] = useState<DatasetValidation>({ state: 'idle' });
  // The partner the validated dataset's key names, as the portal knows it (stored code, name).
  const [found, setFound] = useState<CategoryPartner | null>(null);
  const ready =
    accessTypeCode !== null && partnerCode.trim() !== '' && catalogId.trim() !== '' && categoryCode !== '';
  // A changed field makes an earlier result stale: back to idle.
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setValidation({ state: 'idle' });
    };

  async function validate() {
    if (!ready) return;
    setValidation({ state: 'validating' });
    const target = { accessTypeCode: accessTypeCode!, partnerCode: partnerCode.trim(), categoryCode };
    try {
      const { objectKey, partner } = await get<DatasetObjectKey>(
        `/api/datasets/${encodeURIComponent(catalogId.trim())}`,
      );
      setFound(
        partner && { type: partner.accessTypeCode, code: partner.partnerCode, name: partner.partnerName },
      );
      setValidation(validateDatasetObjectKey(objectKey, target));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        setValidation(validateDatasetObjectKey(undefined, target));
      else
        setValidation({
          state: 'failed',
          message: error instanceof ApiError ? error.message : 'Validation failed.',
        });
    }
  }

  return (
    <Modal opened onClose={onClose} title="Add Partner Dataset" centered>
      <Stack>
        <Select
          label="Access Type"
          data={accessTypes.map((a) => ({ value: a.code, label: a.code }))}
          value={accessTypeCode}
          onChange={change(setAccessTypeCode)}
        />
        <TextInput
          label="Partner Code"
          value={partnerCode}
          onChange={(e) => change(setPartnerCode)(e.currentTarget.value)}
        />
        <TextInput
          label="Catalog ID"
          value={catalogId}
          onChange={(e) => change(setCatalogId)(e.currentTarget.value)}
        />
        {validation.state === 'validated' && (
          <Alert color="green" role="status">
            {validation.message}
          </Alert>
        )}
        {validation.state === 'failed' && (
          <Alert color="red" role="alert">
            {validation.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="light"
            onClick={validate}
            disabled={!ready}
            loading={validation.state === 'validating'}
          >
            Validate
          </Button>
          <Button
            disabled={!canAddDataset(validation)}
            onClick={() =>
              onAdd(found ?? { type: accessTypeCode!, code: partnerCode.trim(), name: partnerCode.trim() })
            }
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
