import { Alert } from '@mantine/core';
import type { AdminUser } from '@portal/domain/api/users';
import { useParams } from 'react-router-dom';
import { useApiShowing } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ExternalUserForm, fromUser } from './users/ExternalUserForm.js';

// SPEC.md §5: an internal user's page reads 'Internal Users cannot be edited.' (a 400 reply) and an
// unknown id 'User ID was not found.' (404), shown here rather than on the error screen.
const SHOWN_STATUSES = [400, 404] as const;

export default function EditExternalUserPage() {
  const { userId = '' } = useParams();
  const { data, failure } = useApiShowing<AdminUser>(
    `/api/users/${encodeURIComponent(userId)}`,
    SHOWN_STATUSES,
  );
  return (
    <PageFrame trail={['admin', 'adminUsers']}>
      {failure !== undefined ? (
        <Alert color="red" title="This user cannot be edited" role="alert">
          {failure.message}
        </Alert>
      ) : data === undefined ? (
        <CenteredLoader />
      ) : (
        <ExternalUserForm mode="edit" initial={fromUser(data)} />
      )}
    </PageFrame>
  );
}
