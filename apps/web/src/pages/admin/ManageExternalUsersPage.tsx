import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';

// To come: External users with column filters, CSV download, Edit and Delete.
export default function ManageExternalUsersPage() {
  const params = useParams();
  return (
    <PageFrame
      trail={['admin']}
      actions={
        <Button component={Link} to={pathOf('adminUserNew', params)}>
          Add
        </Button>
      }
    >
      <EmptyState />
    </PageFrame>
  );
}
