import { DEFAULT_DISPUTE_BIN } from '@portal/domain';
import { post } from '../../api/api.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import NotFoundPage from '../errors/NotFoundPage.js';
import { DISPUTES_API, DisputeForm, emptyRow } from './DisputeForm.js';
import { useRetailer } from './retailer.js';

export default function DisputeNewPage() {
  const retailer = useRetailer();
  if (retailer === null) return <NotFoundPage />;
  if (retailer === undefined) return <CenteredLoader />;
  return (
    <PageFrame trail={['forms', { page: 'disputes', label: `${retailer.toUpperCase()} Disputes` }]}>
      <DisputeForm
        list={`/forms/${retailer}-disputes`}
        multiple
        initial={{
          messageType: '',
          customerId: '',
          bin: DEFAULT_DISPUTE_BIN,
          messageDate: '',
          disputes: [emptyRow()],
        }}
        send={(body) => post(DISPUTES_API, body)}
      />
    </PageFrame>
  );
}
