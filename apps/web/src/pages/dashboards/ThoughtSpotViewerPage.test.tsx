import { notifications } from '@mantine/notifications';
import { MESSAGES, PAGES } from '@portal/domain';
import type { Uri } from '@portal/domain/api/auth';
import type { Message } from '@portal/domain/api/common';
import type {
  PartnerDashboards,
  ThoughtSpotToken,
  ThoughtSpotUser,
  TrackedDashboardEvent,
} from '@portal/domain/api/dashboards';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import ThoughtSpotViewerPage from './ThoughtSpotViewerPage.js';

// The ThoughtSpot Visual Embed SDK is stubbed (VENDORS.md §1: don't emulate the iframe app):
// the test plays the SDK's side, asking for tokens and firing its events.
const sdk = vi.hoisted(() => ({
  config: undefined as
    | undefined
    | { thoughtSpotHost: string; authType: string; getAuthToken: () => Promise<string> },
  handlers: new Map<string, () => void>(),
  liveboardId: '',
}));

vi.mock('@thoughtspot/visual-embed-sdk', () => ({
  AuthType: { TrustedAuthTokenCookieless: 'AuthServerCookieless' },
  EmbedEvent: { Load: 'load', Error: 'Error', AuthExpire: 'ThoughtspotAuthExpired' },
  init: (config: typeof sdk.config) => {
    sdk.config = config;
  },
  LiveboardEmbed: class {
    constructor(
      private readonly target: HTMLElement,
      options: { liveboardId: string },
    ) {
      sdk.liveboardId = options.liveboardId;
    }
    on(event: string, handler: () => void) {
      sdk.handlers.set(event, handler);
      return this;
    }
    async render() {
      this.target.appendChild(document.createElement('iframe'));
      return this;
    }
  },
}));

function stubApi(tokenStatus = 200) {
  const calls: string[] = [];
  const bodies = new Map<string, unknown>();
  let tokens = 0;
  let userExists = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.body) bodies.set(url, JSON.parse(String(init.body)));
      if (url === '/api/dashboards/EXT/BJS') {
        return jsonResponse<PartnerDashboards>(200, {
          partner: { type: 'EXT', code: 'BJS', name: "BJ's" },
          dashboards: [
            {
              dashboardId: 5,
              dashboardName: 'Card Program Performance',
              dashboardDescription: '',
              dashboardUrl: 'pb-1',
              dashboardType: 'THOUGHTSPOT',
              dashboardContentType: null,
              partner: { type: 'EXT', code: 'BJS', name: "BJ's" },
            },
          ],
        });
      }
      if (url.startsWith('/api/thoughtspot/user?')) {
        return userExists
          ? jsonResponse<ThoughtSpotUser>(200, {
              id: 'u',
              name: 'jane.doe@example.com',
              display_name: 'Jane Doe',
            })
          : jsonResponse<Message>(404, { message: 'no' });
      }
      if (url === '/api/thoughtspot/user') {
        userExists = true;
        return jsonResponse<ThoughtSpotUser>(201, {
          id: 'u',
          name: 'jane.doe@example.com',
          display_name: 'Jane Doe',
        });
      }
      if (url === '/api/ThoughtSpotEmbed/pb-1') {
        if (tokenStatus !== 200)
          return jsonResponse<Message & Uri>(tokenStatus, { message: 'no token', uri: '/elsewhere' });
        tokens += 1;
        return jsonResponse<ThoughtSpotToken>(200, {
          token: `token-${tokens}`,
          creation_time_in_millis: 0,
          expiration_time_in_millis: 300_000,
          valid_for_username: 'jane.doe@example.com',
          thoughtSpotHost: 'https://ts.example.com',
        });
      }
      return jsonResponse<TrackedDashboardEvent>(202, { eventId: 'e' });
    }),
  );
  return Object.assign(calls, { bodies });
}

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path={PAGES.thoughtspotViewer.path} element={<ThoughtSpotViewerPage />} />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
    {
      path: '/dashboards/thoughtspot/EXT/BJS/pb-1',
      auth: signedIn(makeUser({ features: ['VIEW_TS_DASHBOARDS'] })),
    },
  );

describe('the ThoughtSpot viewer', () => {
  beforeEach(() => {
    sdk.config = undefined;
    sdk.handlers.clear();
  });

  it('creates the user in ThoughtSpot, embeds the pinboard with cookieless trusted auth and a new token per call', async () => {
    const calls = stubApi();
    render();
    await waitFor(() => expect(sdk.config).toBeDefined());
    expect(sdk.config?.authType).toBe('AuthServerCookieless');
    expect(sdk.config?.thoughtSpotHost).toBe('https://ts.example.com/');
    expect(sdk.liveboardId).toBe('pb-1');
    expect(await sdk.config?.getAuthToken()).toBe('token-1');
    expect(await sdk.config?.getAuthToken()).toBe('token-2');
    expect(await sdk.config?.getAuthToken()).toBe('token-3');
    expect(calls).toContain('POST /api/thoughtspot/user');
    // One idempotent call finds or creates the user: no lookup that answers 404 for a new one.
    expect(calls.filter((call) => call.startsWith('GET /api/thoughtspot/user'))).toEqual([]);
    expect(calls).toContain('POST /api/activity/track/dashboard-view/5');

    sdk.handlers.get('load')?.();
    await waitFor(() => expect(document.querySelector('[data-embed-state="loaded"]')).not.toBeNull());
  });

  it('goes home on session expiry and asks for a refresh', async () => {
    stubApi();
    const show = vi.spyOn(notifications, 'show');
    render();
    await waitFor(() => expect(sdk.handlers.get('ThoughtspotAuthExpired')).toBeDefined());
    sdk.handlers.get('ThoughtspotAuthExpired')?.();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: MESSAGES.thoughtspotExpiredTitle,
        message: MESSAGES.thoughtspotExpiredText,
      }),
    );
  });

  it("shows and reports a failed token call (SPEC.md §4), without following the reply's uri", async () => {
    const calls = stubApi(500);
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.dashboardUnavailable);
    await waitFor(() => expect(calls).toContain('POST /api/activity/track/dashboard-fail/5'));
    expect(calls.bodies.get('/api/activity/track/dashboard-fail/5')).toEqual({
      status: 500,
      reason: 'thoughtspot token',
    });
    expect(screen.getByTestId('location').textContent).toBe('/dashboards/thoughtspot/EXT/BJS/pb-1');
  });
});
