import { PageFrame } from '../../components/PageFrame.js';
import { EMPTY_USER, ExternalUserForm } from './users/ExternalUserForm.js';

/** Titled 'Add External User' (SPEC.md §2). */
export default function AddExternalUserPage() {
  return (
    <PageFrame trail={['admin', 'adminUsers']}>
      <ExternalUserForm mode="create" initial={EMPTY_USER} />
    </PageFrame>
  );
}
