import { Badge, Button, Group, NativeSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { lastFourDigits, maskAccountNumber } from '@portal/domain';
import type { InvoiceRequest } from '@portal/domain/api/forms';
import { batchScheduleText } from '@portal/domain/forms/form-batch';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { showDate, showEpoch } from './form-dates.js';
import { INVOICES_API } from './InvoiceForm.js';
import { RecordActions } from './RecordActions.js';

type StatusFilter = 'all' | 'pending' | 'processed';
type SortKey = 'created' | 'batchDate' | 'startDate';

const SORTS: Record<SortKey, (a: InvoiceRequest, b: InvoiceRequest) => number> = {
  created: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.recordId - a.recordId,
  batchDate: (a, b) => b.batchDate.localeCompare(a.batchDate) || b.recordId - a.recordId,
  startDate: (a, b) => b.startDate - a.startDate || b.recordId - a.recordId,
};

/** SPEC.md §2 customer invoice requests: masked account, MM/dd/yyyy dates, status and batch; Edit and Delete while pending. */
export default function CustomerInvoicesPage() {
  const { data: requests, mutate } = useApi<InvoiceRequest[]>(INVOICES_API);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [account, setAccount] = useState('');
  const [sort, setSort] = useState<SortKey>('created');
  const [deleting, setDeleting] = useState<InvoiceRequest | null>(null);
  async function remove(request: InvoiceRequest) {
    try {
      await del(`${INVOICES_API}/${request.recordId}`);
    } finally {
      await mutate();
    }
  }

  const shown = (requests ?? [])
    .filter((r) => status === 'all' || r.status === status)
    .filter((r) => r.accountNumber.endsWith(account.trim()))
    .sort(SORTS[sort]);

  return (
    <PageFrame
      trail={['forms']}
      actions={
        <Button component={Link} to="/forms/customer-invoice/new">
          Add
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {batchScheduleText('invoices')}
      </Text>
      <Group align="flex-end">
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => setStatus(value as StatusFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'pending', label: 'Pending' },
            { value: 'processed', label: 'Processed' },
          ]}
        />
        <TextInput
          label="Account ends with"
          inputMode="numeric"
          value={account}
          onChange={(event) => setAccount(event.currentTarget.value)}
          w={180}
        />
        <NativeSelect
          label="Sort by"
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value as SortKey)}
          data={[
            { value: 'created', label: 'Newest first' },
            { value: 'batchDate', label: 'Batch date' },
            { value: 'startDate', label: 'Start date' },
          ]}
          w={180}
        />
      </Group>
      {requests === undefined ? (
        <CenteredLoader />
      ) : (
        <ResponsiveTable
          label="Customer invoice requests"
          captioned
          rows={shown}
          columns={[
            { label: 'Account Number', render: (r) => maskAccountNumber(r.accountNumber) },
            { label: 'Start Date', render: (r) => showEpoch(r.startDate) },
            { label: 'End Date', render: (r) => showEpoch(r.endDate) },
            {
              label: 'Status',
              render: (r) => (
                <Badge color={r.status === 'pending' ? 'blue' : 'gray'} variant="light">
                  {r.status === 'pending' ? 'Pending' : 'Processed'}
                </Badge>
              ),
            },
            { label: 'Batch Date', render: (r) => showDate(r.batchDate) },
          ]}
          rowKey={(r) => r.recordId}
          rowTestId={(r) => `invoice-${r.recordId}`}
          actions={(r) =>
            r.status === 'pending' && (
              <RecordActions
                editTo={`/forms/customer-invoice/${r.recordId}/edit`}
                onDelete={() => setDeleting(r)}
                label={`request for account ending ${lastFourDigits(r.accountNumber)}`}
              />
            )
          }
        />
      )}
      {requests !== undefined && shown.length === 0 && <EmptyState />}
      {deleting && (
        <ConfirmDialog
          title="Delete invoice request"
          message={`Are you sure you want to delete the invoice request for account ending ${lastFourDigits(deleting.accountNumber)}?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
