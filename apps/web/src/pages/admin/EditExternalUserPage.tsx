import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ExternalUserForm, fromUser } from './users/ExternalUserForm.js';
import type { AdminUser } from './users/users-api.js';

export default function EditExternalUserPage() {
  const { userId = '' } = useParams();
  const { data } = useApi<AdminUser>(`/api/users/${encodeURIComponent(userId)}`);
  return (
    <PageFrame trail={['admin', 'adminUsers']}>
      {data === undefined ? <CenteredLoader /> : <ExternalUserForm mode="edit" initial={fromUser(data)} />}
    </PageFrame>
  );
}
