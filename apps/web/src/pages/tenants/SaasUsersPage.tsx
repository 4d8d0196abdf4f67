import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';

// To come: Paged tenant users (50 a page) with role edit, delete and CSV download.
export default function SaasUsersPage() {
  const params = useParams();
  return (
    <PageFrame
      trail={['tenants']}
      actions={
        <Button component={Link} to={pathOf('saasInvite', params)}>
          Add
        </Button>
      }
    >
      <EmptyState />
    </PageFrame>
  );
}
