import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Create, edit and disable the site banner.
export default function ManageBannerPage() {
  return (
    <PageFrame trail={['admin']}>
      <EmptyState />
    </PageFrame>
  );
}
