import { MESSAGES } from '@portal/domain';
import type { MarketingPartners } from '@portal/domain/api/marketing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import MarketingPage from './MarketingPage.js';

const ext = { code: 'EXT', name: 'External' };
const partner = (code: string, name: string) => ({ code, name, type: 'EXT' });

function serve(body: MarketingPartners) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse<MarketingPartners>(200, body)),
  );
}

describe('marketing select', () => {
  it('explains the missing access when the user has no partners', async () => {
    serve({ accessTypes: [], partners: {} });
    renderWithProviders(<MarketingPage />, { page: 'marketing' });
    // Word for word, with the Report an Issue form it names as a link to the form.
    const message = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === MESSAGES.noPartnerAccess,
    );
    expect(within(message).getByRole('link', { name: 'Report an Issue form' }).getAttribute('href')).toBe(
      '/report-an-issue',
    );
  });

  it('goes straight to the upload page with one access type and one partner', async () => {
    serve({ accessTypes: [ext], partners: { EXT: [partner('BJS', "BJ's")] } });
    renderWithProviders(<MarketingPage />, { path: '/marketing' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketing/latest/BJS'));
  });

  it('shows a card with its logo per partner otherwise', async () => {
    serve({ accessTypes: [ext], partners: { EXT: [partner('BJS', "BJ's"), partner('SAM', "Sam's")] } });
    renderWithProviders(<MarketingPage />);
    const card = await screen.findByTestId('partner-card-SAM');
    expect(card.getAttribute('href')).toBe('/marketing/latest/SAM');
    expect(screen.getByAltText("Sam's logo").getAttribute('src')).toBe('/api/logo/SAM');
  });
});
