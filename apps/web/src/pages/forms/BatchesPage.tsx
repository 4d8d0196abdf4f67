import { Anchor, Badge, Group, NativeSelect, Table, VisuallyHidden } from '@mantine/core';
import { formatUsd } from '@portal/domain';
import type { BatchSummary } from '@portal/domain/api/forms';
import { useState } from 'react';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { showDate } from './form-dates.js';

const KIND_LABELS = { invoices: 'Customer invoice requests', disputes: 'Retailer disputes' } as const;
type KindFilter = 'all' | BatchSummary['kind'];

const time = (iso: string | null) =>
  iso === null
    ? ''
    : new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(iso));

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
        <Table striped highlightOnHover>
          <Table.Caption>Batches, newest first (times in Eastern Time)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Batch Date</Table.Th>
              <Table.Th>Form</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Records</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Finished</Table.Th>
              <Table.Th>File</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((b) => (
              <Table.Tr key={`${b.kind}-${b.batchDate}`} data-testid={`batch-${b.kind}-${b.batchDate}`}>
                <Table.Td>{showDate(b.batchDate)}</Table.Td>
                <Table.Td>{KIND_LABELS[b.kind]}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{b.recordCount}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {b.totalCents === null ? '' : formatUsd(b.totalCents)}
                </Table.Td>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>{time(b.finishedAt)}</Table.Td>
                <Table.Td>
                  {b.fileKey ? (
                    <Anchor href={`/api/form/batches/${b.kind}/${b.batchDate}/file`} download>
                      Download
                      <VisuallyHidden>
                        {' '}
                        {KIND_LABELS[b.kind]} batch of {showDate(b.batchDate)}
                      </VisuallyHidden>
                    </Anchor>
                  ) : (
                    'None'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageFrame>
  );
}
