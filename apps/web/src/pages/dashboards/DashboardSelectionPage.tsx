import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Dashboard tiles (name, description, view button), sort by Name or Most Viewed, the one-time mobile marketing popup.
export default function DashboardSelectionPage() {
  return (
    <PageFrame trail={['dashboardPartners']}>
      <EmptyState />
    </PageFrame>
  );
}
