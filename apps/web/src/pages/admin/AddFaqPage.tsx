import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Question (unique) and answer.
export default function AddFaqPage() {
  return (
    <PageFrame trail={['admin', 'adminFaqs']}>
      <EmptyState />
    </PageFrame>
  );
}
