import { Badge, Table, VisuallyHidden } from '@mantine/core';
import { disputeReasonCode, formatUsd, toCents } from '@portal/domain';
import type { Dispute } from '@portal/domain/api/forms';
import { showDate, showEpoch } from './form-dates.js';
import { RecordActions } from './RecordActions.js';

const TYPE_LABELS = { 'claim-request': 'Claim request', 'outcome-chargeback': 'Outcome chargeback' } as const;

type DisputesTableProps = {
  caption: string;
  disputes: Dispute[];
  retailer: string;
  /** Pending disputes have Edit and Delete. */
  onDelete?: (dispute: Dispute) => void;
};

export function DisputesTable({ caption, disputes, retailer, onDelete }: DisputesTableProps) {
  return (
    <Table striped highlightOnHover>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Message Type</Table.Th>
          <Table.Th>Customer ID</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Transaction Date</Table.Th>
          <Table.Th>Card</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Dispute Amount</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Transaction Amount</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Batch Date</Table.Th>
          {onDelete && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {disputes.map((d) => (
          <Table.Tr key={d.recordId} data-testid={`dispute-${d.recordId}`}>
            <Table.Td>{TYPE_LABELS[d.messageType]}</Table.Td>
            <Table.Td>{d.customerId}</Table.Td>
            <Table.Td>
              {disputeReasonCode(d.disputeReasonDesc)} {d.disputeReasonDesc}
            </Table.Td>
            <Table.Td>{showEpoch(d.transactionDate)}</Table.Td>
            <Table.Td>•••• {d.lastFourCardNum}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatUsd(toCents(d.disputeAmount))}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatUsd(toCents(d.transactionAmount))}</Table.Td>
            <Table.Td>
              <Badge color={d.status === 'pending' ? 'blue' : 'gray'} variant="light">
                {d.status === 'pending' ? 'Pending' : 'Processed'}
              </Badge>
            </Table.Td>
            <Table.Td>{showDate(d.batchDate)}</Table.Td>
            {onDelete && (
              <Table.Td>
                <RecordActions
                  editTo={`/forms/${retailer}-disputes/${d.recordId}/edit`}
                  onDelete={() => onDelete(d)}
                  label={`dispute of customer ${d.customerId}, card ending ${d.lastFourCardNum}`}
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
