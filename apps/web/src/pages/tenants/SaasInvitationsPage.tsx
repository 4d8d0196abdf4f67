import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Paged pending invitations (100 a page) with delete and CSV download.
export default function SaasInvitationsPage() {
  return (
    <PageFrame trail={['tenants', 'saasUsers']}>
      <EmptyState />
    </PageFrame>
  );
}
