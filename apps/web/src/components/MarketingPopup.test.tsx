import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { marketingPopupKey } from '../lib/marketing-storage.js';
import { renderWithProviders, setViewportWidth } from '../test/render.js';
import { MarketingPopup } from './MarketingPopup.js';

afterEach(() => window.localStorage.clear());

const loadImage = () => {
  const img = document.querySelector('img[hidden]');
  if (!img) throw new Error('no image is loading');
  fireEvent.load(img);
};

describe('mobile marketing popup', { timeout: 20_000 }, () => {
  it('shows the marketing image once per partner on mobile, once it has loaded', async () => {
    setViewportWidth(400);
    const first = renderWithProviders(<MarketingPopup partnerCode="BJS" />);
    expect(document.querySelector('img[hidden]')?.getAttribute('src')).toBe('/api/marketing/latest/BJS');
    loadImage();
    expect(await screen.findByTestId('marketing-popup-image')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Marketing from BJS' })).toBeTruthy();
    expect(window.localStorage.getItem(marketingPopupKey('BJS'))).not.toBeNull();
    first.unmount();

    renderWithProviders(<MarketingPopup partnerCode="BJS" />);
    expect(document.querySelector('img')).toBeNull();
  });

  it('is not shown on desktop, nor for other partners', () => {
    setViewportWidth(1280);
    renderWithProviders(<MarketingPopup partnerCode="SAM" />);
    expect(document.querySelector('img')).toBeNull();
    setViewportWidth(400);
    renderWithProviders(<MarketingPopup partnerCode="WAY" />);
    expect(document.querySelector('img')).toBeNull();
  });
});
