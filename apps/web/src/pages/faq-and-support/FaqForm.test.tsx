import { MESSAGES } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type { Faq } from '@portal/domain/api/faqs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import AddFaqPage from './AddFaqPage.js';

describe('add FAQ', { timeout: 20_000 }, () => {
  it('requires question and answer', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AddFaqPage />, { page: 'adminFaqNew' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a question already in use beside the question', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse<Message>(409, { message: MESSAGES.duplicate, field: 'question' })),
    );
    renderWithProviders(<AddFaqPage />);
    fireEvent.change(screen.getByLabelText(/Question/), { target: { value: 'Why?' } });
    fireEvent.change(screen.getByLabelText(/Answer/), { target: { value: 'Because.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.duplicate)).toBeTruthy();
  });

  it('saves and returns to the list', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse<Faq>(201, { id: 1, question: 'Why?', answer: 'Because.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AddFaqPage />, { path: '/admin/faqs/new' });
    fireEvent.change(screen.getByLabelText(/Question/), { target: { value: ' Why? ' } });
    fireEvent.change(screen.getByLabelText(/Answer/), { target: { value: 'Because.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/faqs'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/faqs',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ question: 'Why?', answer: 'Because.' }),
      }),
    );
  });
});
