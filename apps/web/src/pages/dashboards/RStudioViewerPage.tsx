import { Stack } from '@mantine/core';
import type { Dashboard } from '@portal/domain/api/dashboards';
import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { PageFrame } from '../../components/PageFrame.js';
import { dashboardPaths } from './dashboard-api.js';
import { EmbedStatus } from './EmbedStatus.js';
import { FramedDashboard } from './FramedDashboard.js';
import { ReturnToSelection } from './ReturnToSelection.js';
import { useEmbedState } from './useEmbedState.js';

// The RStudio (Posit Connect) viewer: the content path is served by the portal's own origin
// (a reverse proxy to Connect), so the frame can be checked after it loads.
export default function RStudioViewerPage() {
  const { accessTypeCode = '', partnerCode = '', dashboardId = '' } = useParams();
  const { data: dashboard } = useApi<Dashboard>(dashboardPaths.one(accessTypeCode, partnerCode, dashboardId));
  const embed = useEmbedState(dashboard?.dashboardId);
  return (
    <PageFrame
      title={dashboard?.dashboardName ?? 'RStudio Dashboard'}
      trail={['dashboardPartners', { page: 'dashboardSelection', label: partnerCode }]}
      actions={<ReturnToSelection />}
    >
      <Stack gap="sm">
        <EmbedStatus state={embed.state} message={embed.message} />
        {dashboard && embed.state !== 'failed' && (
          <FramedDashboard
            src={dashboard.dashboardUrl}
            title={dashboard.dashboardName}
            onFrameLoad={embed.watch}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
