import { Alert, Button, Group, NativeSelect, Tabs, Text } from '@mantine/core';
import type { Dispute } from '@portal/domain/api/forms';
import { batchScheduleText } from '@portal/domain/forms/form-batch';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { failureMessage } from '../admin/list/form-errors.js';
import { ConfirmModal, useConfirm } from '../admin/list/use-confirm.js';
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
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate } = useApi<Dispute[]>(retailer ? DISPUTES_API : null);
  const deleting = useConfirm<Dispute>(async (dispute) => {
    try {
      setFailure(null);
      await del(`${DISPUTES_API}/${dispute.recordId}`);
    } catch (error) {
      setFailure(failureMessage(error));
    }
    await mutate();
  });
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
      {failure && (
        <Alert color="red" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
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
            onDelete={(dispute) => deleting.ask(dispute)}
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
      <ConfirmModal confirm={deleting} title="Delete dispute" confirmLabel="Delete">
        <Text>
          Are you sure you want to delete the dispute of customer {deleting.row?.customerId} (card ending{' '}
          {deleting.row?.lastFourCardNum})?
        </Text>
      </ConfirmModal>
    </PageFrame>
  );
}
