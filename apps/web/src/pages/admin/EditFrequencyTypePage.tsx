import type { FrequencyTypeListReply } from '@portal/domain/api/frequency-types';
import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { FrequencyTypeForm } from './frequency-types/FrequencyTypeForm.js';

export default function EditFrequencyTypePage() {
  const { frequencyTypeCode = '' } = useParams();
  const { data } = useApi<FrequencyTypeListReply>(
    `/api/frequency-types?code=${encodeURIComponent(frequencyTypeCode)}&pageSize=100`,
  );
  const found = data?.frequencyTypes.find((f) => f.code.toLowerCase() === frequencyTypeCode.toLowerCase());
  return (
    <PageFrame trail={['admin', 'adminFrequencyTypes']}>
      {data === undefined ? (
        <CenteredLoader />
      ) : found === undefined ? (
        <EmptyState />
      ) : (
        <FrequencyTypeForm mode="edit" initial={found} />
      )}
    </PageFrame>
  );
}
