import { Badge } from '@mantine/core';
import { disputeReasonCode, formatUsd, toCents } from '@portal/domain';
import type { Dispute } from '@portal/domain/api/forms';
import { type ListColumn, ResponsiveTable } from '../../components/ResponsiveTable.js';
import { showDate, showEpoch } from './form-dates.js';
import { RecordActions } from './RecordActions.js';

const TYPE_LABELS = { 'claim-request': 'Claim request', 'outcome-chargeback': 'Outcome chargeback' } as const;

const COLUMNS: ListColumn<Dispute>[] = [
  { label: 'Message Type', render: (d) => TYPE_LABELS[d.messageType] },
  { label: 'Customer ID', render: (d) => d.customerId },
  { label: 'Reason', render: (d) => `${disputeReasonCode(d.disputeReasonDesc)} ${d.disputeReasonDesc}` },
  { label: 'Transaction Date', render: (d) => showEpoch(d.transactionDate) },
  { label: 'Card', render: (d) => `•••• ${d.lastFourCardNum}` },
  { label: 'Dispute Amount', align: 'right', render: (d) => formatUsd(toCents(d.disputeAmount)) },
  { label: 'Transaction Amount', align: 'right', render: (d) => formatUsd(toCents(d.transactionAmount)) },
  {
    label: 'Status',
    render: (d) => (
      <Badge color={d.status === 'pending' ? 'blue' : 'gray'} variant="light">
        {d.status === 'pending' ? 'Pending' : 'Processed'}
      </Badge>
    ),
  },
  { label: 'Batch Date', render: (d) => showDate(d.batchDate) },
];

type DisputesTableProps = {
  caption: string;
  disputes: Dispute[];
  retailer: string;
  /** Pending disputes have Edit and Delete. */
  onDelete?: (dispute: Dispute) => void;
};

export function DisputesTable({ caption, disputes, retailer, onDelete }: DisputesTableProps) {
  return (
    <ResponsiveTable
      label={caption}
      captioned
      rows={disputes}
      columns={COLUMNS}
      rowKey={(d) => d.recordId}
      rowTestId={(d) => `dispute-${d.recordId}`}
      actions={
        onDelete &&
        ((d) => (
          <RecordActions
            editTo={`/forms/${retailer}-disputes/${d.recordId}/edit`}
            onDelete={() => onDelete(d)}
            label={`dispute of customer ${d.customerId}, card ending ${d.lastFourCardNum}`}
          />
        ))
      }
    />
  );
}
