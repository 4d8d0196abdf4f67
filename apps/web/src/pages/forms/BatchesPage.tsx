import { Anchor, Badge, Group, NativeSelect, VisuallyHidden } from '@mantine/core';
import { formatUsd } from '@portal/domain';
import type { BatchSummary } from '@portal/domain/api/forms';
import { useState } from 'react';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { type ListColumn, ResponsiveTable } from '../../components/ResponsiveTable.js';
import { showDate, showEasternDateTime } from './form-dates.js';

const KIND_LABELS = { invoices: 'Customer invoice requests', disputes: 'Retailer disputes' } as const;
type KindFilter = 'all' | BatchSummary['kind'];

const COLUMNS: ListColumn<BatchSummary>[] = [
  { label: 'Batch Date', render: (b) => showDate(b.batchDate) },
  { label: 'Form', render: (b) => KIND_LABELS[b.kind] },
  { label: 'Records', align: 'right', render: (b) => b.recordCount },
  { label: 'Total', align: 'right', render: (b) => (b.totalCents === null ? '' : formatUsd(b.totalCents)) },
  {
    label: 'Status',
    render: (b) => (
      <Group gap={4}>
        <Badge variant="light" color={b.status === 'completed' ? 'green' : 'blue'}>
          {b.status === 'completed' ? 'Completed' : 'Running'}
        </Badge>
        {b.late && (
          <Badge variant="light" color="orange">
            Ran late
          </Badge>
        )}
      </Group>
    ),
  },
  { label: 'Finished', render: (b) => (b.finishedAt === null ? '' : showEasternDateTime(b.finishedAt)) },
  {
    label: 'File',
    render: (b) =>
      b.fileKey ? (
        <Anchor href={`/api/form/batches/${b.kind}/${b.batchDate}/file`} download>
          Download
          <VisuallyHidden>
            {' '}
            {KIND_LABELS[b.kind]} batch of {showDate(b.batchDate)}
          </VisuallyHidden>
        </Anchor>
      ) : (
        'None'
      ),
  },
];

/** The operations team's view of the nightly batches: date, kind, counts, status and the file. */
export default function BatchesPage() {
  const { data: batches } = useApi<BatchSummary[]>('/api/form/batches');
  const [kind, setKind] = useState<KindFilter>('all');
  const shown = (batches ?? []).filter((b) => kind === 'all' || b.kind === kind);
  return (
    <PageFrame trail={['forms']}>
      <Group>
        <NativeSelect
          label="Form"
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as KindFilter)}
          data={[
            { value: 'all', label: 'Both forms' },
            { value: 'disputes', label: KIND_LABELS.disputes },
            { value: 'invoices', label: KIND_LABELS.invoices },
          ]}
          w={260}
        />
      </Group>
      {batches === undefined ? (
        <CenteredLoader />
      ) : shown.length === 0 ? (
        <EmptyState />
      ) : (
        <ResponsiveTable
          label="Batches, newest first (times in Eastern Time)"
          captioned
          rows={shown}
          columns={COLUMNS}
          rowKey={(b) => `${b.kind}-${b.batchDate}`}
          rowTestId={(b) => `batch-${b.kind}-${b.batchDate}`}
        />
      )}
    </PageFrame>
  );
}
