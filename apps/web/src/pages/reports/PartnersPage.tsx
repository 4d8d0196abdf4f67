import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ReportsStepper } from './ReportsStepper.js';

// To come: One tab per access type (only with two or more), one card per partner with its logo; a single partner jumps to its report categories.
export default function PartnersPage() {
  return (
    <PageFrame steps={<ReportsStepper active={0} />}>
      <EmptyState />
    </PageFrame>
  );
}
