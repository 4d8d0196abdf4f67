import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';

// To come: Column filters, Edit and Delete with a confirm dialog.
export default function ManagePartnersPage() {
  const params = useParams();
  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button component={Link} to={pathOf('adminPartnerNew', params)}>
          Add
        </Button>
      }
    >
      <EmptyState />
    </PageFrame>
  );
}
