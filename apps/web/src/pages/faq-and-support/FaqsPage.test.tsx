import type { Faqs } from '@portal/domain/api/faqs';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExternalLinkGuard } from '../../components/ExternalLinkGuard.js';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import FaqsPage from './FaqsPage.js';

const faqs = [
  { id: 1, question: 'How do I download a report?', answer: 'Select up to three reports.' },
  {
    id: 2,
    question: 'Where is the user guide?',
    answer: '<img src=x onerror=alert(1)> See https://docs.example.org/guide.',
  },
];

describe('FAQs page', () => {
  it('lists the questions, filters them by the search, and shows answers as text with safe links', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Faqs>(200, faqs)),
    );
    renderWithProviders(
      <ExternalLinkGuard>
        <FaqsPage />
      </ExternalLinkGuard>,
      { page: 'faqs' },
    );
    expect(await screen.findByText('How do I download a report?')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'GUIDE' } });
    expect(screen.queryByText('How do I download a report?')).toBeNull();
    fireEvent.click(screen.getByText('Where is the user guide?'));

    // The markup in the answer is text, not an element; the address is a link that asks first.
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'https://docs.example.org/guide' });
    expect(link.getAttribute('href')).toBe('https://docs.example.org/guide');
    fireEvent.click(link);
    expect(await screen.findByText('Warning!')).toBeTruthy();
  });

  it('shows the empty state when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Faqs>(200, faqs)),
    );
    renderWithProviders(<FaqsPage />);
    await screen.findByText('How do I download a report?');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zebra' } });
    expect(screen.getByText('No results were found.')).toBeTruthy();
  });
});
