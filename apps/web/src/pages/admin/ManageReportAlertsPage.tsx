import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: The scheduled report monitors.
export default function ManageReportAlertsPage() {
  return (
    <PageFrame trail={['admin']}>
      <EmptyState />
    </PageFrame>
  );
}
