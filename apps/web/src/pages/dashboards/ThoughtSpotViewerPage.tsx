import { Box, Stack } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { PartnerDashboards, ThoughtSpotToken } from '@portal/domain/api/dashboards';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, api, isLeaving } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { useCurrentUser } from '../../auth/auth-context.js';
import { showNotice } from '../../components/notices.js';
import { PageFrame } from '../../components/PageFrame.js';
import { dashboardPaths } from './dashboard-api.js';
import { EmbedStatus } from './EmbedStatus.js';
import { waitForFrame } from './frame-check.js';
import { ReturnToSelection } from './ReturnToSelection.js';
import { useEmbedState } from './useEmbedState.js';

// The ThoughtSpot viewer: the Visual Embed SDK with cookieless trusted authentication. Every
// getAuthToken call asks GET /api/ThoughtSpotEmbed/{pinboardId} for a new token (the SDK refuses a
// token it has seen). The user is found or created in ThoughtSpot first (one idempotent POST). On session expiry the
// user goes home and is asked to refresh (SPEC.md §4, §8).

/** POST /api/thoughtspot/user finds or creates the user: one call, and no 404 for a new one. */
async function ensureThoughtSpotUser(name: string): Promise<void> {
  await api.post('/api/thoughtspot/user', { name }, { redirect: false });
}

export default function ThoughtSpotViewerPage() {
  const { accessTypeCode = '', partnerCode = '', pinboardId = '' } = useParams();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { data } = useApi<PartnerDashboards>(dashboardPaths.ofPartner(accessTypeCode, partnerCode));
  const dashboard = data?.dashboards.find(
    (d) => d.dashboardType === 'THOUGHTSPOT' && d.dashboardUrl === pinboardId,
  );
  const embed = useEmbedState(dashboard?.dashboardId);
  const container = useRef<HTMLDivElement>(null);
  const { fail, loaded, expired, watch } = embed;
  const found = dashboard !== undefined;
  const missing = data !== undefined && !found;

  useEffect(() => {
    if (missing) fail(404, 'thoughtspot pinboard not listed');
  }, [missing, fail]);

  useEffect(() => {
    if (!found || !container.current) return;
    const target = container.current;
    const controller = new AbortController();
    const tokenPath = `/api/ThoughtSpotEmbed/${encodeURIComponent(pinboardId)}`;
    (async () => {
      await ensureThoughtSpotUser(user.email || user.userId);
      // The token call's failure is the viewer's failure (SPEC.md §4): shown and reported with its
      // status, never a redirect to a `uri` of the reply.
      const token = () => api.get<ThoughtSpotToken>(tokenPath, { redirect: 'login-only' });
      let first: ThoughtSpotToken;
      try {
        first = await token();
      } catch (error) {
        if (!isLeaving(error) && !controller.signal.aborted) {
          fail(error instanceof ApiError ? error.status : 0, 'thoughtspot token');
        }
        return;
      }
      const sdk = await import('@thoughtspot/visual-embed-sdk');
      if (controller.signal.aborted) return;
      let unused: string | undefined = first.token;
      sdk.init({
        thoughtSpotHost: new URL(first.thoughtSpotHost, window.location.origin).href,
        authType: sdk.AuthType.TrustedAuthTokenCookieless,
        // No usage reporting to the SDK's analytics service from a partner's browser.
        disableSDKTracking: true,
        getAuthToken: async () => {
          const next = unused ?? (await token()).token;
          unused = undefined;
          return next;
        },
      });
      const liveboard = new sdk.LiveboardEmbed(target, {
        liveboardId: pinboardId,
        frameParams: { width: '100%', height: '800px' },
      });
      liveboard.on(sdk.EmbedEvent.Load, () => loaded());
      liveboard.on(sdk.EmbedEvent.Error, () => fail(0, 'thoughtspot error'));
      liveboard.on(sdk.EmbedEvent.AuthExpire, () => {
        expired();
        void showNotice({
          title: MESSAGES.thoughtspotExpiredTitle,
          message: MESSAGES.thoughtspotExpiredText,
          color: 'yellow',
          autoClose: false,
        });
        navigate('/');
      });
      await liveboard.render();
      const frame = await waitForFrame(target, controller.signal);
      // The SDK's frame has no title; screen readers name frames by it (WCAG 4.1.2).
      if (frame) frame.title = `ThoughtSpot dashboard ${pinboardId}`;
      if (frame) void watch(frame, controller.signal);
      else if (!controller.signal.aborted) fail(0, 'thoughtspot no frame');
    })().catch(() => {
      if (!controller.signal.aborted) fail(0, 'thoughtspot embed');
    });
    return () => {
      controller.abort();
      target.replaceChildren();
    };
  }, [found, pinboardId, user.email, user.userId, fail, loaded, expired, watch, navigate]);

  return (
    <PageFrame
      title={dashboard?.dashboardName ?? 'ThoughtSpot Dashboard'}
      trail={['dashboardPartners', { page: 'dashboardSelection', label: partnerCode }]}
      actions={<ReturnToSelection />}
    >
      <Stack gap="sm">
        <EmbedStatus state={embed.state} message={embed.message} />
        <Box ref={container} hidden={embed.state === 'failed'} style={{ minHeight: 800 }} />
      </Stack>
    </PageFrame>
  );
}
