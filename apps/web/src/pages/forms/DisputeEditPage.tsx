import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import NotFoundPage from '../errors/NotFoundPage.js';
import { useRetailer } from './retailer.js';

// To come: a dispute form: message type, customer, BIN, date and the per-dispute fields.
export default function DisputeEditPage() {
  const retailer = useRetailer();
  if (retailer === null) return <NotFoundPage />;
  return (
    <PageFrame trail={['forms', 'disputes']}>
      <EmptyState />
    </PageFrame>
  );
}
