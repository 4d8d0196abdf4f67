import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Tenants sorted by display name; a single tenant leads straight to its users page.
export default function TenantsPage() {
  return (
    <PageFrame>
      <EmptyState />
    </PageFrame>
  );
}
