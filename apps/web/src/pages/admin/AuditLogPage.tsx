import { Box, Code, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_ADMIN_PAGE_SIZE, pageCount } from '@portal/domain/admin/admin-paging';
import type { AuditLogReply } from '@portal/domain/api/audit-log';
import { formatUsDate } from '@portal/domain/time/iso-date';
import { useState } from 'react';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Pager } from '../../components/list/Pager.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';

type Filters = { entityType: string; actor: string; from: string; to: string };

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** A value before or after the change, as JSON; scrolls when long. */
function Change({ value }: { value: unknown }) {
  return (
    <Box maw={320}>
      {/* Focusable, so the keyboard can scroll it too. */}
      <Code block tabIndex={0}>
        {json(value)}
      </Code>
    </Box>
  );
}

/** Every admin change, newest first: who, when, what, before and after. Internal admins only. */
export default function AuditLogPage() {
  const [filters, setFilters] = useState<Filters>({ entityType: '', actor: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_ADMIN_PAGE_SIZE);
  const [debounced] = useDebouncedValue(filters, 300);
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [key, value] of Object.entries(debounced)) if (value.trim()) query.set(key, value.trim());
  const { data } = useApi<AuditLogReply>(`/api/admin/audit-log?${query}`, { keepPreviousData: true });
  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) => {
    setFilters({ ...filters, [key]: event.currentTarget.value });
    setPage(1);
  };

  return (
    <PageFrame trail={['admin']}>
      <Group>
        <TextInput
          label="Entity type"
          placeholder="partner"
          value={filters.entityType}
          onChange={set('entityType')}
        />
        <TextInput label="Actor" placeholder="User ID" value={filters.actor} onChange={set('actor')} />
        <TextInput label="From" type="date" value={filters.from} onChange={set('from')} />
        <TextInput label="To" type="date" value={filters.to} onChange={set('to')} />
      </Group>
      {data === undefined ? (
        <CenteredLoader />
      ) : (
        <>
          <ResponsiveTable
            label="Audit log entries"
            rows={data.entries}
            rowKey={(entry) => entry.auditId}
            columns={[
              {
                label: 'When (UTC)',
                render: (entry) => `${formatUsDate(entry.at.slice(0, 10))} ${entry.at.slice(11, 19)}`,
              },
              { label: 'Who', render: (entry) => entry.actorUserId ?? '' },
              {
                label: 'What',
                render: (entry) => (
                  <>
                    <Text size="sm">{entry.action}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.entityType} {entry.entityId}
                    </Text>
                  </>
                ),
              },
              { label: 'Before', render: (entry) => <Change value={entry.before} /> },
              { label: 'After', render: (entry) => <Change value={entry.after} /> },
            ]}
          />
          {data.entries.length === 0 && <EmptyState />}
          <Pager
            page={page}
            pages={pageCount(data.total, data.pageSize)}
            pageSize={pageSize}
            rowsOnPage={data.entries.length}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
    </PageFrame>
  );
}
