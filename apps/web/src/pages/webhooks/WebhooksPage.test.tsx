import type { Message } from '@portal/domain/api/common';
import type {
  QueuedWebhookDelivery,
  WebhookDeliveries,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhooksReply,
} from '@portal/domain/api/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../test/render.js';
import WebhooksPage from './WebhooksPage.js';

const endpoint: WebhookEndpoint = {
  endpointId: '5f0c2a4e-8b1d-4c3e-9a7f-1d2e3f4a5b6c',
  serviceAccountId: 'svc-bjs',
  serviceAccountName: 'BJS system',
  url: 'https://hooks.bjs.example/portal',
  description: 'Settlement feed',
  eventTypes: ['report.available', 'report.replaced'],
  categoryCodes: [],
  partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS', partnerName: "BJ's" }],
  enabled: false,
  disabledReason: 'Disabled after 50 failed deliveries in a row; the last: HTTP 500.',
  consecutiveFailures: 50,
  previousSecretExpiresAt: null,
  createdBy: 'E100001',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

const reply = (): WebhooksReply => ({
  endpoints,
  serviceAccounts: [{ userId: 'svc-bjs', name: 'BJS system' }],
  partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS', partnerName: "BJ's" }],
  categories: [{ code: 'SETTLEMENT', name: 'Settlement' }],
  eventTypes: ['report.available', 'report.replaced', 'report.deleted', 'monitor.missing'],
  urlHelp:
    'https, or http on this installation; it must resolve to a public address, or to one this installation allows: 127.0.0.1/32.',
});

const deliveries: WebhookDeliveries = {
  deliveries: [
    {
      deliveryId: `msg_${'a'.repeat(32)}`,
      eventId: null,
      eventType: 'report.available',
      status: 'succeeded',
      attempts: 2,
      lastResponseStatus: 200,
      lastError: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      succeededAt: '2026-11-26T10:00:31.000Z',
      nextAttemptAt: null,
      waiting: null,
      attemptLog: [
        {
          attempt: 1,
          startedAt: '2026-11-26T10:00:00.000Z',
          durationMs: 12,
          responseStatus: 503,
          error: null,
          traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        },
        {
          attempt: 2,
          startedAt: '2026-11-26T10:00:30.000Z',
          durationMs: 9,
          responseStatus: 200,
          error: null,
          traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        },
      ],
    },
    {
      deliveryId: `msg_${'c'.repeat(32)}`,
      eventId: null,
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 1,
      lastResponseStatus: null,
      lastError: 'The endpoint resolves to an address the portal does not send to.',
      createdAt: '2026-11-26T09:00:00.000Z',
      succeededAt: null,
      nextAttemptAt: '2026-11-26T09:00:30.000Z',
      waiting: null,
      attemptLog: [
        {
          attempt: 1,
          startedAt: '2026-11-26T09:00:00.000Z',
          durationMs: 0,
          responseStatus: null,
          error: 'The endpoint resolves to an address the portal does not send to.',
          // Sent to an internal admin only.
          refusedAddress: '10.0.0.1',
          traceId: null,
        },
      ],
    },
  ],
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let endpoints: WebhookEndpoint[];
let log: WebhookDeliveries;

const notStubbed = () => jsonResponse<Message>(404, { message: 'Not stubbed' });

/** The page's API: its reads answer the endpoints and their log; each write answers what `writes` says. */
function stubApi(writes: Record<string, () => Response> = {}) {
  const answer = (method: string, path: string): Response => {
    if (method !== 'GET') return (writes[`${method} ${path}`] ?? notStubbed)();
    return path.endsWith('/deliveries')
      ? jsonResponse<WebhookDeliveries>(200, log)
      : jsonResponse<WebhooksReply>(200, reply());
  };
  const fetch = async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    return answer(method, path);
  };
  vi.stubGlobal('fetch', vi.fn(fetch));
}

const renderPage = () =>
  renderWithProviders(<WebhooksPage />, {
    auth: signedIn(makeUser({ isInternalAdmin: true, isExternalUser: false })),
    page: 'adminWebhooks',
  });
const writes = () => calls.filter((call) => call.method !== 'GET');
const path = `/api/admin/webhooks/${endpoint.endpointId}`;

beforeEach(() => {
  calls = [];
  endpoints = [endpoint];
  log = deliveries;
});

describe('webhooks page', () => {
  it('lists the endpoints with their account, partners, events and why one is disabled', async () => {
    stubApi();
    renderPage();
    const row = (await screen.findByText('https://hooks.bjs.example/portal')).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeTruthy();
    const text = row.textContent ?? '';
    expect(text).toContain('Service account: BJS system (svc-bjs)');
    expect(text).toContain('Partners: EXT/BJS');
    expect(text).toContain('Categories: All');
    expect(text).toContain('Events: report.available, report.replaced');
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(within(row).getByText(endpoint.disabledReason!)).toBeTruthy();
    expect(text).toContain('Failures in a row: 50');
  });

  it('adds an endpoint and shows its secret once', async () => {
    const secret = 'whsec_c2VjcmV0LXNob3duLW9uY2UtYW5kLW5ldmVyLWFnYWluLg==';
    stubApi({
      'POST /api/admin/webhooks': () =>
        jsonResponse<WebhookEndpointWithSecret>(201, { endpoint: { ...endpoint, enabled: true }, secret }),
    });
    renderPage();
    await screen.findByText('https://hooks.bjs.example/portal');
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // The URL's help is what the API says the settings in force allow.
    expect(within(dialog).getByText(reply().urlHelp)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    expect(writes()).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^URL/ }), {
      target: { value: ' https://hooks.bjs.example/portal ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^report.deleted/ }));
    // jsdom cannot position Mantine's dropdown, which stays display: none; its options are there all the same.
    const option = (name: string) => screen.queryByRole('option', { name, hidden: true });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Service account/ }));
    await waitFor(() => expect(option('BJS system (svc-bjs)')).not.toBeNull());
    fireEvent.click(option('BJS system (svc-bjs)')!);
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Partners/ }));
    await waitFor(() => expect(option("BJ's (EXT/BJS)")).not.toBeNull());
    fireEvent.click(option("BJ's (EXT/BJS)")!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByTestId('webhook-secret');
    expect(shown.textContent).toBe(secret);
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/webhooks',
        body: {
          serviceAccountId: 'svc-bjs',
          url: 'https://hooks.bjs.example/portal',
          description: '',
          eventTypes: ['report.available', 'report.replaced', 'report.deleted'],
          partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
          categoryCodes: [],
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('sends a test event, enables the endpoint, and shows the delivery log with redeliver', async () => {
    stubApi({
      [`POST ${path}/test`]: () =>
        jsonResponse<QueuedWebhookDelivery>(202, { deliveryId: `msg_${'b'.repeat(32)}` }),
      [`POST ${path}/enable`]: () => jsonResponse<WebhookEndpoint>(200, { ...endpoint, enabled: true }),
      [`POST ${path}/deliveries/msg_${'a'.repeat(32)}/redeliver`]: () =>
        jsonResponse<QueuedWebhookDelivery>(202, { deliveryId: `msg_${'a'.repeat(32)}` }),
    });
    renderPage();
    await screen.findByText('https://hooks.bjs.example/portal');
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(
      await screen.findByText('A test event is on its way to https://hooks.bjs.example/portal.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('https://hooks.bjs.example/portal is enabled again.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries to https://hooks.bjs.example/portal' });
    // Each attempt names its trace, for the operator to open in the trace backend.
    expect(
      await within(log).findByText(
        '#1 · 11/26/2026 10:00:00 UTC · 12 ms · HTTP 503 · trace 4bf92f3577b34da6a3ce929d0e0e4736',
      ),
    ).toBeTruthy();
    expect(
      within(log).getByText(
        '#2 · 11/26/2026 10:00:30 UTC · 9 ms · HTTP 200 · trace 4bf92f3577b34da6a3ce929d0e0e4736',
      ),
    ).toBeTruthy();
    expect(within(log).getByText('succeeded')).toBeTruthy();
    expect(
      within(log).getByText(
        '#1 · 11/26/2026 09:00:00 UTC · 0 ms · The endpoint resolves to an address the portal does not send to. (10.0.0.1)',
      ),
    ).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: `Redeliver msg_${'a'.repeat(32)}` }));
    expect(await within(log).findByText(`Delivery msg_${'a'.repeat(32)} queued again.`)).toBeTruthy();
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `POST ${path}/test`,
      `POST ${path}/enable`,
      `POST ${path}/deliveries/msg_${'a'.repeat(32)}/redeliver`,
    ]);
  });

  it('shows a delivery held back by its failing endpoint as waiting, and when a retry is due', async () => {
    const [done] = deliveries.deliveries;
    log = {
      deliveries: [
        {
          ...done!,
          deliveryId: `msg_${'c'.repeat(32)}`,
          status: 'pending',
          attempts: 0,
          lastResponseStatus: null,
          succeededAt: null,
          nextAttemptAt: '2026-11-26T11:00:00.000Z',
          waiting: {
            endpointFailingSince: '2026-11-26T09:58:07.000Z',
            nextProbeAt: '2026-11-26T11:04:00.000Z',
          },
          attemptLog: [],
        },
        {
          ...done!,
          deliveryId: `msg_${'d'.repeat(32)}`,
          status: 'pending',
          succeededAt: null,
          nextAttemptAt: '2026-11-26T10:01:30.000Z',
          attemptLog: done!.attemptLog.slice(0, 1),
        },
      ],
    };
    stubApi();
    renderPage();
    await screen.findByText('https://hooks.bjs.example/portal');
    fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Deliveries to https://hooks.bjs.example/portal',
    });
    expect(
      await within(dialog).findByText(
        'Waiting: endpoint failing since 11/26/2026 09:58:07 UTC; next probe 11/26/2026 11:04:00 UTC',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('waiting')).toBeTruthy();
    expect(within(dialog).getByText('Not tried yet')).toBeTruthy();
    expect(within(dialog).getByText('pending')).toBeTruthy();
    expect(within(dialog).getByText('Next attempt 11/26/2026 10:01:30 UTC')).toBeTruthy();
    expect(within(dialog).queryByText('succeeded')).toBeNull();
  });

  it('rotates the secret after asking, and shows the new one with the overlap', async () => {
    const secret = 'whsec_bmV3LXNlY3JldC1hZnRlci1yb3RhdGlvbi1vZi10aGUta2V5Lg==';
    stubApi({
      [`POST ${path}/rotate-secret`]: () =>
        jsonResponse<WebhookEndpointWithSecret>(200, {
          endpoint: { ...endpoint, previousSecretExpiresAt: '2026-11-27T10:00:00.000Z' },
          secret,
        }),
    });
    renderPage();
    await screen.findByText('https://hooks.bjs.example/portal');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate secret' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(secret);
    expect(
      screen.getByText(/The previous secret still signs too until 11\/27\/2026 10:00:00 UTC/),
    ).toBeTruthy();
  });
});
