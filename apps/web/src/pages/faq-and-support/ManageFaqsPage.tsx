import { Button, Text } from '@mantine/core';
import type { Faq, Faqs } from '@portal/domain/api/faqs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { del } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { type ColumnFilter, ResponsiveTable } from '../../components/ResponsiveTable.js';

const contains = (text: string, filter: string) => text.toLowerCase().includes(filter.trim().toLowerCase());

/** SPEC.md §2 admin list: column filters, Edit, Delete with a confirm dialog, Add. */
export default function ManageFaqsPage() {
  const { data: faqs, mutate } = useApi<Faqs>('/api/faqs');
  const [filters, setFilters] = useState({ question: '', answer: '' });
  const [deleting, setDeleting] = useState<Faq | null>(null);
  async function remove(faq: Faq) {
    await del(`/api/faqs/${faq.id}`);
    await mutate();
  }

  const filterOf = (column: keyof typeof filters): ColumnFilter => ({
    value: filters[column],
    onChange: (value) => setFilters({ ...filters, [column]: value }),
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
        <ResponsiveTable
          label="FAQs"
          rows={shown}
          columns={[
            { label: 'Question', render: (faq) => faq.question, filter: filterOf('question') },
            {
              label: 'Answer',
              render: (faq) => (
                <Text size="sm" lineClamp={2}>
                  {faq.answer}
                </Text>
              ),
              filter: filterOf('answer'),
            },
          ]}
          rowKey={(faq) => faq.id}
          actions={(faq) => (
            <>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`/admin/faqs/${faq.id}/edit`}
                aria-label={`Edit the FAQ ${faq.question}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setDeleting(faq)}
                aria-label={`Delete the FAQ ${faq.question}`}
              >
                Delete
              </Button>
            </>
          )}
        />
      )}
      {faqs !== undefined && shown.length === 0 && <EmptyState />}
      {deleting && (
        <ConfirmDialog
          title="Delete FAQ"
          message={`Are you sure you want to delete the FAQ '${deleting.question}'?`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageFrame>
  );
}
