import type { PartnerListReply } from '@portal/domain/api/partners';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PartnerForm } from './partners/PartnerForm.js';
import { EMPTY_PARTNER } from './partners/partner-form-state.js';

export default function AddPartnerPage() {
  // One row is enough: the list's reply carries the categories and types the form offers.
  const { data } = useApi<PartnerListReply>('/api/admin/partners?pageSize=1');
  return (
    <PageFrame trail={['admin', 'adminPartners']}>
      {data === undefined ? (
        <CenteredLoader />
      ) : (
        <PartnerForm
          mode="create"
          reference={data}
          initial={{ ...EMPTY_PARTNER, type: 'EXT' }}
          monitors={[]}
        />
      )}
    </PageFrame>
  );
}
