import { Button, Table, TextInput } from '@mantine/core';
import type { CategoriesReply, ReportCategory } from '@portal/domain/api/reports';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { useExternalLink } from '../../components/ExternalLink.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ReportsStepper } from './ReportsStepper.js';
import { reportPaths } from './reports-api.js';

/**
 * SPEC.md §2 Report categories: a table filterable by name with a View button. A category with an
 * external link opens it behind the 'Warning!' modal; a single category without one redirects.
 */
export default function ReportCategoriesPage() {
  const { accessTypeCode = '', partnerCode = '' } = useParams();
  const { data } = useApi<CategoriesReply>(reportPaths.categories(accessTypeCode, partnerCode));
  const [filter, setFilter] = useState('');
  const navigate = useNavigate();
  const leave = useExternalLink();
  const frame = (children: ReactNode) => (
    <PageFrame steps={<ReportsStepper active={1} />}>{children}</PageFrame>
  );
  if (data === undefined) return frame(<CenteredLoader />);
  const [only] = data.categories;
  if (data.categories.length === 1 && only && !only.externalLink) {
    return <Navigate to={reportPaths.reportsPage(accessTypeCode, partnerCode, only.code)} replace />;
  }
  const open = (category: ReportCategory) => {
    if (category.externalLink) leave(category.externalLink);
    else navigate(reportPaths.reportsPage(accessTypeCode, partnerCode, category.code));
  };
  const wanted = filter.trim().toLowerCase();
  const shown = data.categories.filter((c) => c.name.toLowerCase().includes(wanted));
  return frame(
    <>
      <TextInput
        label="Filter by name"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={360}
      />
      {shown.length === 0 ? (
        <EmptyState />
      ) : (
        <Table striped highlightOnHover aria-label="Report categories">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((category) => (
              <Table.Tr key={category.code} data-testid={`category-${category.code}`}>
                <Table.Td>{category.name}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" onClick={() => open(category)}>
                    View
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>,
  );
}
