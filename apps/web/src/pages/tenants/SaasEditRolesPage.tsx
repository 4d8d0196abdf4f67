import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: One external role, optional ThoughtSpot consumer.
export default function SaasEditRolesPage() {
  return (
    <PageFrame trail={['tenants', 'saasUsers']}>
      <EmptyState />
    </PageFrame>
  );
}
