import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PartnerForm } from './partners/PartnerForm.js';
import { fromPartner } from './partners/partner-form-state.js';
import { type PartnerDetail, partnerDetailPath } from './partners/partners-api.js';

export default function EditPartnerPage() {
  const { accessTypeCode = '', partnerCode = '' } = useParams();
  const { data } = useApi<PartnerDetail>(partnerDetailPath(accessTypeCode, partnerCode));
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
