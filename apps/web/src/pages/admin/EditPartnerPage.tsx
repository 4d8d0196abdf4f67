import type { PartnerDetailReply } from '@portal/domain/api/partners';
import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PartnerForm } from './partners/PartnerForm.js';
import { fromPartner } from './partners/partner-form-state.js';
import { partnerDetailPath } from './partners/partners-api.js';

export default function EditPartnerPage() {
  const { accessTypeCode = '', partnerCode = '' } = useParams();
  const { data } = useApi<PartnerDetailReply>(partnerDetailPath(accessTypeCode, partnerCode));
  return (
    <PageFrame trail={['admin', 'adminPartners']}>
      {data === undefined ? (
        <CenteredLoader />
      ) : (
        <PartnerForm
          mode="edit"
          reference={data}
          initial={fromPartner(data.partner)}
          monitors={data.monitors}
        />
      )}
    </PageFrame>
  );
}
