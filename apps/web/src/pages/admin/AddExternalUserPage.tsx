import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: userId, first name, last name, email (required) and phone.
export default function AddExternalUserPage() {
  return (
    <PageFrame trail={['admin', 'adminUsers']}>
      <EmptyState />
    </PageFrame>
  );
}
