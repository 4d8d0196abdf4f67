import { Box, Stack } from '@mantine/core';
import type { QuickSightEmbed } from '@portal/domain/api/dashboards';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { fetchShowingFailures, useApiShowing } from '../../api/swr.js';
import { PageFrame } from '../../components/PageFrame.js';
import { EmbedStatus } from './EmbedStatus.js';
import { FramedDashboard } from './FramedDashboard.js';
import { ReturnToSelection } from './ReturnToSelection.js';
import { useEmbedState } from './useEmbedState.js';

// The QuickSight viewer. A real QuickSight embed URL (single-use, from GET /api/quicksight/{id}) is
// embedded with amazon-quicksight-embedding-sdk; the embedded default's demo path is a plain
// same-origin frame. Any failure reads 'Failed to load the dashboard' (SPEC.md §8).
const SDK_URL = /^https:\/\/[^/]+\/embed\/[^/]+\/dashboards\/([\w-]+)(\?|$)/;

export default function QuickSightViewerPage() {
  const { pinboardId = '', partnerCode = '' } = useParams();
  const dashboardId = Number(pinboardId);
  // A failed read is this viewer's failure (SPEC.md §4 wins over the generic GET rule): shown as
  // 'Failed to load the dashboard' and reported, not the error screen.
  const { data, failure } = useApiShowing<QuickSightEmbed>(
    `/api/quicksight/${encodeURIComponent(pinboardId)}`,
    'any',
    { fetcher: fetchShowingFailures, revalidateIfStale: false, revalidateOnReconnect: false },
  );
  const embed = useEmbedState(Number.isInteger(dashboardId) ? dashboardId : undefined, { quicksight: true });
  const container = useRef<HTMLDivElement>(null);
  const usesSdk = data !== undefined && SDK_URL.test(data.dashboardUrl);
  const { fail, loaded } = embed;

  useEffect(() => {
    if (failure) fail(failure.status, 'quicksight embed url');
  }, [failure, fail]);

  useEffect(() => {
    if (!data || !usesSdk || !container.current) return;
    let cancelled = false;
    const target = container.current;
    (async () => {
      const { createEmbeddingContext } = await import('amazon-quicksight-embedding-sdk');
      const context = await createEmbeddingContext();
      await context.embedDashboard(
        {
          url: data.dashboardUrl,
          container: target,
          height: '800px',
          onChange: (change) => {
            const { eventLevel, eventName } = change as { eventLevel?: string; eventName?: string };
            if (!cancelled && eventLevel === 'ERROR') fail(0, `quicksight ${eventName}`);
          },
        },
        {
          onMessage: async (message) => {
            if (cancelled) return;
            if (message.eventName === 'CONTENT_LOADED') loaded();
            if (message.eventName === 'ERROR_OCCURRED') fail(0, 'quicksight ERROR_OCCURRED');
          },
        },
      );
    })().catch(() => {
      if (!cancelled) fail(0, 'quicksight sdk');
    });
    return () => {
      cancelled = true;
      target.replaceChildren();
    };
  }, [data, usesSdk, fail, loaded]);

  return (
    <PageFrame
      title={data?.dashboardName ?? 'QuickSight Dashboard'}
      trail={['dashboardPartners', { page: 'dashboardSelection', label: partnerCode }]}
      actions={<ReturnToSelection />}
    >
      <Stack gap="sm">
        <EmbedStatus state={embed.state} message={embed.message} />
        {data && usesSdk && (
          <Box ref={container} style={{ minHeight: 800 }} hidden={embed.state === 'failed'} />
        )}
        {data && !usesSdk && embed.state !== 'failed' && (
          <FramedDashboard src={data.dashboardUrl} title={data.dashboardName} onFrameLoad={embed.watch} />
        )}
      </Stack>
    </PageFrame>
  );
}
