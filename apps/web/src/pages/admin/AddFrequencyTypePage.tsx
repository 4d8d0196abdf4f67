import { PageFrame } from '../../components/PageFrame.js';
import { FrequencyTypeForm } from './frequency-types/FrequencyTypeForm.js';

export default function AddFrequencyTypePage() {
  return (
    <PageFrame trail={['admin', 'adminFrequencyTypes']}>
      <FrequencyTypeForm mode="create" initial={{ code: '', name: '' }} />
    </PageFrame>
  );
}
