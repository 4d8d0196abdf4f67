import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: userId locked; only external users can be edited.
export default function EditExternalUserPage() {
  return (
    <PageFrame trail={['admin', 'adminUsers']}>
      <EmptyState />
    </PageFrame>
  );
}
