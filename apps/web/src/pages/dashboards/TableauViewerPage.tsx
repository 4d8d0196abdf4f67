import { Box, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { TABLEAU_SCALE_BELOW_PX, tableauScale } from '@portal/domain';
import type { TableauEmbed } from '@portal/domain/api/dashboards';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { fetchShowingFailures, useApiShowing } from '../../api/swr.js';
import { PageFrame } from '../../components/PageFrame.js';
import { EmbedStatus } from './EmbedStatus.js';
import { waitForFrame } from './frame-check.js';
import { ReturnToSelection } from './ReturnToSelection.js';
import { useEmbedState } from './useEmbedState.js';

// The Tableau viewer: Tableau's Embedding API web component (<tableau-viz>) with a connected-app
// JWT from GET /api/tableau/{dashboardId}. The view path is served by the portal's own origin (a
// reverse proxy to Tableau, or the embedded demo), so its frame can be checked. Below 1830 px the
// view is scaled down to fit (SPEC.md §9).
const VIEW_HEIGHT = 1000;

export default function TableauViewerPage() {
  const { dashboardId = '', partnerCode = '' } = useParams();
  const id = Number(dashboardId);
  // A failed token call is this viewer's failure (SPEC.md §4): shown and reported in place.
  const { data, failure } = useApiShowing<TableauEmbed>(
    `/api/tableau/${encodeURIComponent(dashboardId)}`,
    'any',
    {
      fetcher: fetchShowingFailures,
      revalidateIfStale: false,
      revalidateOnReconnect: false,
    },
  );
  const embed = useEmbedState(Number.isInteger(id) ? id : undefined);
  const { ref: sizeRef, width } = useElementSize();
  const host = useRef<HTMLDivElement>(null);
  const { fail, watch } = embed;
  const scale = tableauScale(width);

  useEffect(() => {
    if (failure) fail(failure.status, 'tableau token');
  }, [failure, fail]);

  useEffect(() => {
    if (!data || !host.current) return;
    const target = host.current;
    const controller = new AbortController();
    let viz: HTMLElement | undefined;
    (async () => {
      await import('@tableau/embedding-api');
      if (controller.signal.aborted) return;
      viz = document.createElement('tableau-viz');
      viz.setAttribute('src', new URL(data.dashboardUrl, window.location.origin).href);
      viz.setAttribute('token', data.token);
      viz.setAttribute('width', `${TABLEAU_SCALE_BELOW_PX}px`);
      viz.setAttribute('height', `${VIEW_HEIGHT}px`);
      viz.setAttribute('toolbar', 'hidden');
      viz.addEventListener('vizloaderror', () => fail(0, 'tableau vizloaderror'));
      target.replaceChildren(viz);
      const frame = await waitForFrame(viz, controller.signal);
      if (!frame) {
        if (!controller.signal.aborted) fail(0, 'tableau no frame');
        return;
      }
      // The check treats the frame's first blank document as still loading.
      void watch(frame, controller.signal);
    })().catch(() => fail(0, 'tableau embedding api'));
    return () => {
      controller.abort();
      target.replaceChildren();
    };
  }, [data, fail, watch]);

  return (
    <PageFrame
      title={data?.dashboardName ?? 'Tableau Dashboard'}
      trail={['dashboardPartners', { page: 'dashboardSelection', label: partnerCode }]}
      actions={<ReturnToSelection />}
    >
      <Stack gap="sm" ref={sizeRef}>
        <EmbedStatus state={embed.state} message={embed.message} />
        <Box
          hidden={embed.state === 'failed'}
          style={{ height: VIEW_HEIGHT * scale, overflow: 'hidden' }}
          data-tableau-scale={scale.toFixed(3)}
        >
          <Box
            ref={host}
            style={{ width: TABLEAU_SCALE_BELOW_PX, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          />
        </Box>
      </Stack>
    </PageFrame>
  );
}
