import { Button, Group, NativeSelect, Tabs, Text } from '@mantine/core';
import type { Dispute } from '@portal/domain/api/forms';
import { batchScheduleText } from '@portal/domain/forms/form-batch';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import NotFoundPage from '../errors/NotFoundPage.js';
import { DISPUTES_API } from './DisputeForm.js';
import { DisputesTable } from './DisputesTable.js';
import { useRetailer } from './retailer.js';

type TypeFilter = 'all' | Dispute['messageType'];

function Disputes({
  path,
  caption,
  retailer,
  filter,
  onDelete,
}: {
  path: string;
  caption: string;
  retailer: string;
  filter: TypeFilter;
  onDelete?: (dispute: Dispute) => void;
}) {
  const { data } = useApi<Dispute[]>(path);
  if (data === undefined) return <CenteredLoader />;
  const shown = data.filter((d) => filter === 'all' || d.messageType === filter);
  if (shown.length === 0) return <EmptyState />;
  return <DisputesTable caption={caption} disputes={shown} retailer={retailer} onDelete={onDelete} />;
}

/** SPEC.md §2 retailer disputes: the pending ones (Edit, Delete with confirm) and the history of processed ones. */
export default function DisputesPage() {
  const retailer = useRetailer();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const { mutate } = useApi<Dispute[]>(retailer ? DISPUTES_API : null);
  const [deleting, setDeleting] = useState<Dispute | null>(null);
  async function remove(dispute: Dispute) {
    try {
      await del(`${DISPUTES_API}/${dispute.recordId}`);
    } finally {
      await mutate();
    }
  }
  if (retailer === null) return <NotFoundPage />;
  if (retailer === undefined) return <CenteredLoader />;
  return (
    <PageFrame
      title={`${retailer.toUpperCase()} Disputes`}
      trail={['forms']}
      actions={
        <Button component={Link} to={`/forms/${retailer}-disputes/new`}>
          Add
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {batchScheduleText('disputes')}
      </Text>
      <Group>
        <NativeSelect
          label="Message type"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value as TypeFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'claim-request', label: 'Claim request' },
            { value: 'outcome-chargeback', label: 'Outcome chargeback' },
          ]}
          w={220}
        />
      </Group>
      <Tabs defaultValue="pending" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pending">Pending</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="md">
          <Disputes
            path={DISPUTES_API}
            caption="Pending disputes"
            retailer={retailer}
            filter={filter}
            onDelete={setDeleting}
          />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <Disputes
            path={`${DISPUTES_API}/history`}
            caption="Processed disputes"
            retailer={retailer}
            filter={filter}
          />
        </Tabs.Panel>
      </Tabs>
      {deleting && (
        <ConfirmDialog
          title="Delete dispute"
          message={`Are you sure you want to delete the dispute of customer ${deleting.customerId} (card ending ${deleting.lastFourCardNum})?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
