import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AlertRow } from '@portal/domain/alert-queue';
import { alertSchedule } from './partner-form-state.js';
import type { CatalogCategory } from './partners-api.js';

// The partner's report alerts in the form: saved ones and the changes queued for the save.

const STATE_LABELS = { saved: null, created: 'To add', updated: 'Changed' } as const;

type AlertListProps = {
  rows: AlertRow[];
  catalog: CatalogCategory[];
  pendingDeletes: number;
  onEdit: (row: AlertRow) => void;
  onRemove: (row: AlertRow) => void;
};

export function AlertList({ rows, catalog, pendingDeletes, onEdit, onRemove }: AlertListProps) {
  const nameOf = (code: string) => catalog.find((c) => c.code === code)?.name ?? code;
  return (
    <div>
      <Text fw={500} size="sm">
        Report Alerts
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No report alerts.
        </Text>
      ) : (
        <Table aria-label="Report alerts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Report category</Table.Th>
              <Table.Th>Schedule</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const label = STATE_LABELS[row.state];
              return (
                <Table.Tr key={row.key}>
                  <Table.Td>{nameOf(row.categoryCode)}</Table.Td>
                  <Table.Td>{alertSchedule(row)}</Table.Td>
                  <Table.Td>{label && <Badge variant="light">{label}</Badge>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => onEdit(row)}>
                        Edit alert
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => onRemove(row)}>
                        Remove alert
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {pendingDeletes > 0 && (
        <Text size="sm" c="dimmed">
          {pendingDeletes} alert(s) will be deleted when the partner is saved.
        </Text>
      )}
    </div>
  );
}
