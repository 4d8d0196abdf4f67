import { MESSAGES, PAGES } from '@portal/domain';
import type { Uri } from '@portal/domain/api/auth';
import type { Message } from '@portal/domain/api/common';
import type { TrackedDashboardEvent } from '@portal/domain/api/dashboards';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import QuickSightViewerPage from './QuickSightViewerPage.js';
import TableauViewerPage from './TableauViewerPage.js';

// SPEC.md §4: a viewer's failure is shown in place and always reported with
// POST /api/activity/track/dashboard-fail/{dashboardId}; that rule wins over the generic GET rule
// (error screen, or following a `uri` of the reply) for the QuickSight and Tableau embed reads.

type Call = { method: string; url: string; body: unknown };

function stubApi(failing: string, status: number, reply: Message & Partial<Uri>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url === failing) return jsonResponse<Message & Partial<Uri>>(status, reply);
      return jsonResponse<TrackedDashboardEvent>(202, { eventId: 'e' });
    }),
  );
  return calls;
}

function renderViewer(page: 'quicksightViewer' | 'tableauViewer', path: string) {
  const Viewer = page === 'quicksightViewer' ? QuickSightViewerPage : TableauViewerPage;
  return renderWithProviders(
    <Routes>
      <Route path={PAGES[page].path} element={<Viewer />} />
    </Routes>,
    { path, auth: signedIn(makeUser()), page },
  );
}

describe('dashboard viewers whose embed read fails', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [500, { message: 'boom' }],
    [400, { message: 'Bad', uri: '/elsewhere' }],
    [403, { message: 'Forbidden' }],
  ])(
    'QuickSight: GET /api/quicksight/{id} answering %i shows the failure and reports it',
    async (status, reply) => {
      const calls = stubApi('/api/quicksight/4', status, reply);
      renderViewer('quicksightViewer', '/dashboards/quicksight/EXT/BJS/4');
      expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.quicksightFailed);
      await waitFor(() =>
        expect(calls).toContainEqual({
          method: 'POST',
          url: '/api/activity/track/dashboard-fail/4',
          body: { status, reason: 'quicksight embed url' },
        }),
      );
      expect(screen.getByTestId('location').textContent).toBe('/dashboards/quicksight/EXT/BJS/4');
      expect(screen.queryByText(/Technical Difficulties/)).toBeNull();
    },
  );

  it('Tableau: a failed token call shows the failure message and reports it', async () => {
    const calls = stubApi('/api/tableau/9', 503, { message: 'Tableau is down' });
    renderViewer('tableauViewer', '/dashboards/tableau/EXT/BJS/9');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.dashboardUnavailable);
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/activity/track/dashboard-fail/9',
        body: { status: 503, reason: 'tableau token' },
      }),
    );
  });
});
