import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.js';
import { LazyModal } from './LazyModal.js';

function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Delete
      </button>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title="Delete report">
        <button type="button" onClick={() => setOpened(false)}>
          Cancel
        </button>
      </LazyModal>
    </>
  );
}

describe('a modal whose code comes when it first opens', () => {
  it('draws nothing until it is first opened, then the dialog with its title and content', async () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByText('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(dialog.contains(screen.getByText('Cancel'))).toBe(true);
  });

  it('closes when told to and opens again', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByText('Delete'));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByText('Delete'));
    expect(await screen.findByRole('dialog', { name: 'Delete report' })).toBeTruthy();
  });
});
