import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Code locked; name.
export default function EditFrequencyTypePage() {
  return (
    <PageFrame trail={['admin', 'adminFrequencyTypes']}>
      <EmptyState />
    </PageFrame>
  );
}
