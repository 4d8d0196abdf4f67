import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';

// To come: The customer invoice requests, with Add, Edit and Delete.
export default function CustomerInvoicesPage() {
  const params = useParams();
  return (
    <PageFrame
      trail={['forms']}
      actions={
        <Button component={Link} to={pathOf('customerInvoiceNew', params)}>
          Add
        </Button>
      }
    >
      <EmptyState />
    </PageFrame>
  );
}
