import { MESSAGES } from '@portal/domain';
import type { Banner, BannersReply } from '@portal/domain/api/banners';
import type { Message } from '@portal/domain/api/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import ManageBannerPage from './ManageBannerPage.js';

const types = [{ bannerCode: 'INFO', alertCode: 'info', name: 'Information' }];
const existing: Banner = {
  bannerId: 5,
  bannerMessage: 'Old news',
  bannerType: 'INFO',
  timeToLive: 5400,
  isActive: true,
  activatedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-11-20T11:30:00.000Z',
  isShowing: true,
};

function stubFetch(write: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) =>
    init.method === 'GET'
      ? jsonResponse<BannersReply>(200, { banners: [existing], bannerTypes: types })
      : write(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function chooseType() {
  const option = () => screen.queryByRole('option', { name: 'Information', hidden: true });
  await waitFor(() => expect(option()).not.toBeNull());
  fireEvent.click(option() as HTMLElement);
}

// Mantine's modals and selects are slow in jsdom on a busy machine.
describe('manage banner', { timeout: 20_000 }, () => {
  it('lists banners with their time to live and activation date', async () => {
    stubFetch(() => jsonResponse<Banner>(200, existing));
    renderWithProviders(<ManageBannerPage />, { page: 'adminBanner' });
    expect(await screen.findByText('Old news')).toBeTruthy();
    expect(screen.getByText('1.5 Hours')).toBeTruthy();
    expect(screen.getByText('11/20/2026')).toBeTruthy();
    expect(document.title).toBe('Manage Banner');
  });

  it('requires a message, a type, and a time to live unless Indefinite', async () => {
    const fetchMock = stubFetch(() => jsonResponse<Banner>(201, existing));
    renderWithProviders(<ManageBannerPage />);
    await screen.findByText('Old news');
    fireEvent.change(screen.getByLabelText(/Time to Live/), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Banner' }));
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2);
    expect(screen.getByText('Enter a number with up to 2 decimals.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('creates a banner with its time to live in seconds and says so', async () => {
    const fetchMock = stubFetch(() => jsonResponse<Banner>(201, existing));
    renderWithProviders(<ManageBannerPage />);
    await screen.findByText('Old news');
    fireEvent.change(screen.getByLabelText(/Banner Message/), { target: { value: 'Maintenance tonight' } });
    await chooseType();
    fireEvent.change(screen.getByLabelText(/Time to Live/), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Banner' }));
    expect(await screen.findByText(MESSAGES.bannerSaved)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/banner',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ bannerMessage: 'Maintenance tonight', bannerType: 'INFO', timeToLive: 5400 }),
      }),
    );
  });

  it('says when an update fails, and when a disable fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse<Message>(500, { message: 'boom' }));
    renderWithProviders(<ManageBannerPage />);
    await screen.findByText('Old news');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText(/Banner Message/) as HTMLTextAreaElement).value).toBe('Old news');
    fireEvent.click(screen.getByRole('button', { name: 'Update Banner' }));
    expect(await screen.findByText(MESSAGES.bannerUpdateFailed)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await screen.findByText("Are you sure you want to disable the banner 'Old news'?");
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    // The dialog stays open and says so, for another try or Cancel.
    expect(await within(dialog).findByText(MESSAGES.bannerDeleteFailed)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('disables a banner after confirmation and says so', async () => {
    const fetchMock = stubFetch(() => jsonResponse<Banner>(200, existing));
    renderWithProviders(<ManageBannerPage />);
    await screen.findByText('Old news');
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText("Are you sure you want to disable the banner 'Old news'?")).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(MESSAGES.bannerDeleted)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/banner/5/disable',
      expect.objectContaining({ method: 'PUT' }),
    );
  });
});
