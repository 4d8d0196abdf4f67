import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Code, name, frequency types, partners, external link, owner emails, dataset validation.
export default function AddReportCategoryPage() {
  return (
    <PageFrame trail={['admin', 'adminReportCategories']}>
      <EmptyState />
    </PageFrame>
  );
}
