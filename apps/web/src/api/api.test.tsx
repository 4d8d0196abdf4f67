import type { Uri } from '@portal/domain/api/auth';
import type { Message } from '@portal/domain/api/common';
import type { SignedInStatus } from '@portal/domain/api/user';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { browser } from '../lib/browser.js';
import { jsonResponse, renderWithProviders } from '../test/render.js';
import { ApiError, del, get, post, put, readEarly } from './api.js';
import { useApi } from './swr.js';

let fetchMock: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  window.history.replaceState(null, '', '/');
});

describe('the fetch layer', () => {
  it('sends JSON with same-origin credentials and X-Requested-With on every method', async () => {
    fetchMock.mockImplementation(async () => jsonResponse<unknown>(200, { ok: true }));
    await get('/api/faqs');
    await post('/api/faqs', { question: 'Q', answer: 'A' });
    await put('/api/faqs', { id: 1 });
    await del('/api/faqs/1');

    expect(fetchMock.mock.calls.map(([path, init]) => [path, init.method])).toEqual([
      ['/api/faqs', 'GET'],
      ['/api/faqs', 'POST'],
      ['/api/faqs', 'PUT'],
      ['/api/faqs/1', 'DELETE'],
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init.credentials).toBe('same-origin');
      expect(init.headers['X-Requested-With']).toBe('portal');
    }
    const postInit = fetchMock.mock.calls[1]?.[1];
    expect(postInit.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(postInit.body)).toEqual({ question: 'Q', answer: 'A' });
  });

  it('returns the parsed JSON reply', async () => {
    fetchMock.mockResolvedValue(jsonResponse<SignedInStatus>(200, { status: 'OK' }));
    await expect(get('/api/user/authenticated')).resolves.toEqual({ status: 'OK' });
  });

  it('sends the page to the uri of a failed read', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse<Message & Uri>(404, { message: 'Unknown user', uri: '/user-not-found' }),
    );
    const error = await get('/api/user').catch((caught: unknown) => caught);
    expect(assign).toHaveBeenCalledWith('/user-not-found');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Unknown user', redirectedTo: '/user-not-found' });
  });

  it('rethrows a failed read without a uri and stays on the page', async () => {
    fetchMock.mockResolvedValue(jsonResponse<Message>(500, { message: 'An unexpected error occurred.' }));
    await expect(get('/api/faqs')).rejects.toMatchObject({
      status: 500,
      message: 'An unexpected error occurred.',
      redirectedTo: null,
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not follow a uri on a failed write', async () => {
    fetchMock.mockResolvedValue(jsonResponse<Message & Uri>(409, { message: 'Taken', uri: '/elsewhere' }));
    await expect(post('/api/faqs', {})).rejects.toMatchObject({ status: 409, redirectedTo: null });
    expect(assign).not.toHaveBeenCalled();
  });

  it('leads every 401 to the login page, reads and writes alike', async () => {
    fetchMock.mockImplementation(async () => jsonResponse<Message>(401, { message: 'Unauthenticated' }));
    await expect(get('/api/faqs')).rejects.toMatchObject({ status: 401, redirectedTo: '/login' });
    await expect(put('/api/saas/user/updateSelf', {})).rejects.toMatchObject({ redirectedTo: '/login' });
    expect(assign.mock.calls).toEqual([['/login'], ['/login']]);
  });

  it('leaves a 401 to the caller when asked not to redirect', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse<Message & Uri>(401, { message: 'Unauthenticated', uri: '/login' }),
    );
    await expect(get('/api/user/authenticated', { redirect: false })).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not reload the page it is already on', async () => {
    window.history.replaceState(null, '', '/user-not-found');
    fetchMock.mockResolvedValue(jsonResponse<Uri>(404, { uri: '/user-not-found' }));
    await expect(get('/api/user')).rejects.toMatchObject({ redirectedTo: null });
    expect(assign).not.toHaveBeenCalled();
  });
});

function Faqs() {
  const { data } = useApi<{ question: string }[]>('/api/faqs');
  return <p>{data?.length ?? 'loading'} questions</p>;
}

describe('reads through useApi', () => {
  it('shows the data', async () => {
    fetchMock.mockResolvedValue(jsonResponse<unknown>(200, [{ question: 'Q1' }, { question: 'Q2' }]));
    renderWithProviders(<Faqs />);
    expect(await screen.findByText('2 questions')).toBeTruthy();
  });

  it('throws a failed read to the Technical Difficulties screen with its message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse<Message>(503, { message: 'Database unavailable' }));
    renderWithProviders(
      <ErrorBoundary>
        <Faqs />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Technical Difficulties' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'report an issue' }).getAttribute('href')).toBe(
      '/report-an-issue',
    );
    expect(screen.getByText(/call Customer Service/)).toBeTruthy();
  });

  it('hides the message of a 400', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse<Message>(400, { message: 'Invalid request: querystring/page' }));
    renderWithProviders(
      <ErrorBoundary>
        <Faqs />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Technical Difficulties' })).toBeTruthy();
    expect(screen.queryByText(/Invalid request/)).toBeNull();
    expect(screen.queryByTestId('error-message')).toBeNull();
  });

  it('keeps loading instead of showing an error when the page is being redirected', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse<Message & Uri>(403, { message: 'Not yours', uri: '/not-authorized' }),
    );
    renderWithProviders(
      <ErrorBoundary>
        <Faqs />
      </ErrorBoundary>,
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/not-authorized'));
    expect(screen.getByText('loading questions')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Technical Difficulties' })).toBeNull();
  });
});

describe('reads sent early', () => {
  it('gives the first get of a path the early answer, and asks again for the next', async () => {
    fetchMock.mockImplementation(async () => jsonResponse<unknown>(200, { n: fetchMock.mock.calls.length }));
    readEarly(['/api/user', '/api/user']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1].headers['X-Requested-With']).toBe('portal');
    await expect(get('/api/user')).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(get('/api/user')).resolves.toEqual({ n: 2 });
  });

  it('does not give a page an early answer its first page never took (it would be stale)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      fetchMock.mockImplementation(async () =>
        jsonResponse<unknown>(200, { n: fetchMock.mock.calls.length }),
      );
      readEarly(['/api/partners']);
      vi.setSystemTime(Date.now() + 10_001);
      await expect(get('/api/partners')).resolves.toEqual({ n: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a failed early read to its taker as any failed read', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse<Message>(401, { message: 'Authentication required' }),
    );
    readEarly(['/api/user/authenticated']);
    await expect(get('/api/user/authenticated', { redirect: false })).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });
});
