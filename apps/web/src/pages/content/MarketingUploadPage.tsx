import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Pick a file, preview, upload the partner's marketing image.
export default function MarketingUploadPage() {
  return (
    <PageFrame trail={['marketing']}>
      <EmptyState />
    </PageFrame>
  );
}
