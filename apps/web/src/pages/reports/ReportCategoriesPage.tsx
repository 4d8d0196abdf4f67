import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ReportsStepper } from './ReportsStepper.js';

// To come: A table filterable by name with a View button; a single category without an external link redirects to its reports.
export default function ReportCategoriesPage() {
  return (
    <PageFrame steps={<ReportsStepper active={1} />}>
      <EmptyState />
    </PageFrame>
  );
}
