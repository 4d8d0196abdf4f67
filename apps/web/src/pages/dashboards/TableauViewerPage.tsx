import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ReturnToSelection } from './ReturnToSelection.js';

// To come: the embedded Tableau dashboard (loading, loaded, failed), view and failure tracking.
export default function TableauViewerPage() {
  return (
    <PageFrame trail={['dashboardPartners', 'dashboardSelection']} actions={<ReturnToSelection />}>
      <EmptyState />
    </PageFrame>
  );
}
