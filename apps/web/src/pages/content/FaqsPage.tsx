import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: The questions and answers of GET /api/faqs.
export default function FaqsPage() {
  return (
    <PageFrame>
      <EmptyState />
    </PageFrame>
  );
}
