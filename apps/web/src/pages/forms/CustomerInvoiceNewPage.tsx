import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Account number (16 digits), start and end dates (not in the future).
export default function CustomerInvoiceNewPage() {
  return (
    <PageFrame trail={['forms', 'customerInvoices']}>
      <EmptyState />
    </PageFrame>
  );
}
