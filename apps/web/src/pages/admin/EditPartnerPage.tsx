import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Type and code locked; categories, frequency types and report alerts.
export default function EditPartnerPage() {
  return (
    <PageFrame trail={['admin', 'adminPartners']}>
      <EmptyState />
    </PageFrame>
  );
}
