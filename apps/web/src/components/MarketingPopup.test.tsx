import type { PartnerImagesReply } from '@portal/domain/api/partner-images';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketingPopupKey } from '../lib/marketing-storage.js';
import { jsonResponse, renderWithProviders, setViewportWidth } from '../test/render.js';
import { MarketingPopup } from './MarketingPopup.js';

afterEach(() => window.localStorage.clear());

const IMAGE = { contentType: 'image/png', byteSize: 10, updatedAt: '2026-11-20T10:00:00.000Z' };

/** GET /api/partner-images/{code}: the partners named have a marketing image; `onAsk` runs as it is sent. */
function stubImages(withMarketing: string[], onAsk: () => void = () => {}) {
  const fetchMock = vi.fn(async (url: string) => {
    onAsk();
    const code = decodeURIComponent(url.split('/').at(-1) ?? '');
    return jsonResponse<PartnerImagesReply>(200, {
      logo: null,
      marketing: withMarketing.includes(code) ? IMAGE : null,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const loadImage = () => {
  const img = document.querySelector('img[hidden]');
  if (!img) throw new Error('no image is loading');
  fireEvent.load(img);
};

describe('mobile marketing popup', { timeout: 20_000 }, () => {
  it('shows the marketing image once per partner on mobile, once it has loaded', async () => {
    setViewportWidth(400);
    stubImages(['BJS']);
    const first = renderWithProviders(<MarketingPopup partnerCode="BJS" />);
    await waitFor(() =>
      expect(document.querySelector('img[hidden]')?.getAttribute('src')).toBe('/api/marketing/latest/BJS'),
    );
    loadImage();
    expect(await screen.findByTestId('marketing-popup-image')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Marketing from BJS' })).toBeTruthy();
    expect(window.localStorage.getItem(marketingPopupKey('BJS'))).not.toBeNull();
    first.unmount();

    renderWithProviders(<MarketingPopup partnerCode="BJS" />);
    expect(document.querySelector('img')).toBeNull();
  });

  it('asks for no image when the partner has none (no 404 in the console)', async () => {
    setViewportWidth(400);
    // The popup's commits, and how many there were when it asked: the next one is its answer, drawn.
    let commits = 0;
    let commitsWhenAsked: number | undefined;
    const fetchMock = stubImages([], () => {
      commitsWhenAsked = commits;
    });
    renderWithProviders(
      <Profiler
        id="popup"
        onRender={() => {
          commits += 1;
        }}
      >
        <MarketingPopup partnerCode="SAM" />
      </Profiler>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/partner-images/SAM', expect.anything()));
    await waitFor(() => expect(commits).toBeGreaterThan(commitsWhenAsked ?? Number.POSITIVE_INFINITY));
    expect(document.querySelector('img')).toBeNull();
    expect(window.localStorage.getItem(marketingPopupKey('SAM'))).toBeNull();
  });

  it('is not shown on desktop, nor for other partners', () => {
    stubImages(['SAM', 'WAY']);
    setViewportWidth(1280);
    renderWithProviders(<MarketingPopup partnerCode="SAM" />);
    expect(document.querySelector('img')).toBeNull();
    setViewportWidth(400);
    renderWithProviders(<MarketingPopup partnerCode="WAY" />);
    expect(document.querySelector('img')).toBeNull();
  });
});
