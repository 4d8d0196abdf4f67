import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Access type, code, name, categories with frequency types, report alerts.
export default function AddPartnerPage() {
  return (
    <PageFrame trail={['admin', 'adminPartners']}>
      <EmptyState />
    </PageFrame>
  );
}
