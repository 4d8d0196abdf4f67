import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ReportsStepper } from './ReportsStepper.js';

// To come: Date picker limited to report dates, range search, tabs per frequency type, sortable table, View/Delete/Download.
export default function ReportsPage() {
  return (
    <PageFrame steps={<ReportsStepper active={2} />}>
      <EmptyState />
    </PageFrame>
  );
}
