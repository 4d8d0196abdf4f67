import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import type { Faq } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ConfirmModal, useConfirm } from './list/use-confirm.js';

const contains = (text: string, filter: string) => text.toLowerCase().includes(filter.trim().toLowerCase());

/** SPEC.md §2 admin list: column filters, Edit, Delete with a confirm dialog, Add. */
export default function ManageFaqsPage() {
  const { data: faqs, mutate } = useApi<Faq[]>('/api/faqs');
  const [filters, setFilters] = useState({ question: '', answer: '' });
  const deleting = useConfirm<Faq>(async (faq) => {
    try {
      await del(`/api/faqs/${faq.id}`);
      await mutate();
    } catch (error) {
      console.error('Deleting the FAQ failed', error);
    }
  });

  const shown = (faqs ?? []).filter(
    (faq) => contains(faq.question, filters.question) && contains(faq.answer, filters.answer),
  );

  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button component={Link} to="/admin/faqs/new">
          Add
        </Button>
      }
    >
      {faqs === undefined ? (
        <CenteredLoader />
      ) : (
        <Table striped highlightOnHover aria-label="FAQs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th />
            </Table.Tr>
            <Table.Tr>
              {(['question', 'answer'] as const).map((column) => (
                <Table.Th key={column}>
                  <TextInput
                    size="xs"
                    aria-label={`Filter by ${column}`}
                    placeholder="Filter"
                    value={filters[column]}
                    onChange={(event) => setFilters({ ...filters, [column]: event.currentTarget.value })}
                  />
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((faq) => (
              <Table.Tr key={faq.id}>
                <Table.Td>{faq.question}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {faq.answer}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" component={Link} to={`/admin/faqs/${faq.id}/edit`}>
                      Edit
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => deleting.ask(faq)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {faqs !== undefined && shown.length === 0 && <EmptyState />}
      <ConfirmModal confirm={deleting} title="Delete FAQ" confirmLabel="Delete">
        <Text>Are you sure you want to delete the FAQ '{deleting.row?.question}'?</Text>
      </ConfirmModal>
    </PageFrame>
  );
}
