import { isBannerShowing } from '@portal/domain';
import type { Banner, BannersReply } from '@portal/domain/api/banners';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render.js';
import { BANNER_ACK_KEY } from './banner-storage.js';
import { SiteBanner } from './SiteBanner.js';

const hourAgo = new Date(Date.now() - 3600_000).toISOString();
/** A banner as GET /api/banner sends it: `isShowing` as the server works it out. */
const banner = (over: Partial<Banner> = {}): Banner => {
  const fields = {
    bannerId: 1,
    bannerMessage: 'Maintenance on Saturday 10 PM ET.',
    bannerType: 'INFO',
    timeToLive: null,
    isActive: true,
    activatedAt: hourAgo,
    expiresAt: null,
    ...over,
  };
  return { isShowing: isBannerShowing(fields, new Date()), ...fields };
};
const reply = (banners: Banner[]) =>
  jsonResponse<BannersReply>(200, {
    banners,
    bannerTypes: [{ bannerCode: 'INFO', alertCode: 'info', name: 'Information' }],
  });

afterEach(() => window.localStorage.clear());

describe('site banner', () => {
  it('shows the active banner as text until acknowledged, then stays hidden on the next visit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply([banner({ bannerMessage: '<b>Maintenance</b>' })])),
    );
    const first = renderWithProviders(<SiteBanner />);
    expect(await screen.findByText('<b>Maintenance</b>')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByTestId('site-banner')).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(BANNER_ACK_KEY) ?? '{}')).toHaveProperty([
      `1@${Date.parse(hourAgo)}`,
    ]);

    first.unmount();
    renderWithProviders(<SiteBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('site-banner')).toBeNull();
  });

  it('shows a banner again 24 hours after its acknowledgement', async () => {
    const version = `1@${Date.parse(hourAgo)}`;
    window.localStorage.setItem(
      BANNER_ACK_KEY,
      JSON.stringify({ [version]: Date.now() - 24 * 3600_000 - 1 }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply([banner()])),
    );
    renderWithProviders(<SiteBanner />);
    expect(await screen.findByTestId('site-banner')).toBeTruthy();
  });

  it('does not show a banner past its time to live, nor a disabled one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply([
          banner({
            bannerId: 2,
            bannerMessage: 'Expired',
            timeToLive: 60,
            expiresAt: new Date(Date.now() - 1000).toISOString(),
          }),
          banner({ bannerId: 3, bannerMessage: 'Disabled', isActive: false }),
          banner({ bannerId: 4, bannerMessage: 'Current' }),
        ]),
      ),
    );
    renderWithProviders(<SiteBanner />);
    expect(await screen.findByText('Current')).toBeTruthy();
    expect(screen.queryByText('Expired')).toBeNull();
    expect(screen.queryByText('Disabled')).toBeNull();
  });
});
