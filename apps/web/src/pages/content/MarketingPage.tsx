import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: Select a partner for marketing content; with one access type and one partner, jump to its upload page.
export default function MarketingPage() {
  return (
    <PageFrame>
      <EmptyState />
    </PageFrame>
  );
}
