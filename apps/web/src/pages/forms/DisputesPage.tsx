import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';
import NotFoundPage from '../errors/NotFoundPage.js';
import { useRetailer } from './retailer.js';

// To come: The retailer's disputes (claim-request, outcome-chargeback) and their history, with Add.
export default function DisputesPage() {
  const params = useParams();
  const retailer = useRetailer();
  if (retailer === null) return <NotFoundPage />;
  return (
    <PageFrame
      trail={['forms']}
      actions={
        <Button component={Link} to={pathOf('disputeNew', params)}>
          Add
        </Button>
      }
    >
      <EmptyState />
    </PageFrame>
  );
}
