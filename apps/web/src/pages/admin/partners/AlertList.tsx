import { Badge, Button, Text } from '@mantine/core';
import type { AlertRow } from '@portal/domain/monitors/alert-queue';
import { ResponsiveTable } from '../../../components/ResponsiveTable.js';
import { alertSchedule } from '../../monitors/alert-schedule.js';
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
        <ResponsiveTable
          label="Report alerts"
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { label: 'Report category', render: (row) => nameOf(row.categoryCode) },
            { label: 'Schedule', render: (row) => alertSchedule(row) },
            {
              label: 'State',
              render: (row) => {
                const label = STATE_LABELS[row.state];
                return label && <Badge variant="light">{label}</Badge>;
              },
            },
          ]}
          actions={(row) => (
            <>
              <Button size="xs" variant="light" onClick={() => onEdit(row)}>
                Edit alert
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => onRemove(row)}>
                Remove alert
              </Button>
            </>
          )}
        />
      )}
      {pendingDeletes > 0 && (
        <Text size="sm" c="dimmed">
          {pendingDeletes} alert(s) will be deleted when the partner is saved.
        </Text>
      )}
    </div>
  );
}
