import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';

// To come: The contact form: phone (optional), reason (from GET /api/reasons) and message.
export default function ReportAnIssuePage() {
  return (
    <PageFrame>
      <EmptyState />
    </PageFrame>
  );
}
