import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { LastChecks } from './report-alerts/LastChecks.js';

// To come: The scheduled report monitors.
export default function ManageReportAlertsPage() {
  return (
    <PageFrame trail={['admin']}>
      <EmptyState />
      <LastChecks />
    </PageFrame>
  );
}
