import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Email, one external role, optional ThoughtSpot consumer.
export default function SaasInvitePage() {
  return (
    <PageFrame trail={['tenants', 'saasUsers']}>
      <EmptyState />
    </PageFrame>
  );
}
