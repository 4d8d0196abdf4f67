import { Button, Group, Modal, Table, Text, TextInput } from '@mantine/core';
import type { Faq } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

const contains = (text: string, filter: string) => text.toLowerCase().includes(filter.trim().toLowerCase());

/** SPEC.md §2 admin list: column filters, Edit, Delete with a confirm dialog, Add. */
export default function ManageFaqsPage() {
  const { data: faqs, mutate } = useApi<Faq[]>('/api/faqs');
  const [filters, setFilters] = useState({ question: '', answer: '' });
  const [deleting, setDeleting] = useState<Faq | null>(null);
  const [busy, setBusy] = useState(false);

  const shown = (faqs ?? []).filter(
    (faq) => contains(faq.question, filters.question) && contains(faq.answer, filters.answer),
  );

  async function confirmDelete() {
    if (deleting === null) return;
    setBusy(true);
    try {
      await del(`/api/faqs/${deleting.id}`);
      await mutate();
    } catch (error) {
      console.error('Deleting the FAQ failed', error);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

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
        <Table striped highlightOnHover>
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
                    <Button size="xs" variant="light" color="red" onClick={() => setDeleting(faq)}>
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
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete FAQ" centered>
        <Text>Are you sure you want to delete the FAQ '{deleting?.question}'?</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmDelete} loading={busy}>
            Delete
          </Button>
        </Group>
      </Modal>
    </PageFrame>
  );
}
