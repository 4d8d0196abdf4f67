import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Dashboards per partner: name, description, URL, content type.
export default function ManageDashboardsPage() {
  return (
    <PageFrame trail={['admin']}>
      <EmptyState />
    </PageFrame>
  );
}
