import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Code and name, both required and unique.
export default function AddFrequencyTypePage() {
  return (
    <PageFrame trail={['admin', 'adminFrequencyTypes']}>
      <EmptyState />
    </PageFrame>
  );
}
