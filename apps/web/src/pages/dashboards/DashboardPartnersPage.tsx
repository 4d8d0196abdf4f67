import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Select a partner for dashboards.
export default function DashboardPartnersPage() {
  return (
    <PageFrame>
      <EmptyState />
    </PageFrame>
  );
}
