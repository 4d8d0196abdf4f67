import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Code locked; name, frequency types, partners, external link, owner emails.
export default function EditReportCategoryPage() {
  return (
    <PageFrame trail={['admin', 'adminReportCategories']}>
      <EmptyState />
    </PageFrame>
  );
}
