import { Button, Title } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAIN_ID } from '../layout/SkipLink.js';
import { renderWithProviders } from '../test/render.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { returnFocus } from './focus-return.js';

// After a confirm dialog closes, focus goes back to the button that opened it while it is still on
// the page, else to the page's heading: never to the body.

/** Rows with a Delete each, through the confirm dialog; `failing` deletes nothing and says so. */
function LetterList({ failing = false }: { failing?: boolean }) {
  const [rows, setRows] = useState(['a', 'b']);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <main id={MAIN_ID} tabIndex={-1}>
      <Title order={1}>Letters</Title>
      {rows.map((row) => (
        <Button key={row} onClick={() => setDeleting(row)}>
          Delete {row}
        </Button>
      ))}
      {deleting && (
        <ConfirmDialog
          title="Delete letter"
          message={`Delete ${deleting}?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            if (failing) throw new Error('refused');
            setRows((current) => current.filter((r) => r !== deleting));
          }}
          onClose={() => setDeleting(null)}
          onFailure={failing ? 'close' : 'show'}
        />
      )}
    </main>
  );
}

/** Focuses the opener as a click or the keyboard would, then clicks it. */
function open(name: string) {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

const confirmButton = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Delete letter' });
  return Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Delete') as HTMLElement;
};

describe('focus after a confirm dialog', { timeout: 20_000 }, () => {
  it('goes to the heading when the confirmed delete removed the opener', async () => {
    renderWithProviders(<LetterList />);
    open('Delete a');
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete a' })).toBeNull());
    const heading = screen.getByRole('heading', { name: 'Letters', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Focusable by script, not a stop of the Tab order.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('goes back to the opener when the dialog is cancelled', async () => {
    renderWithProviders(<LetterList />);
    const opener = open('Delete b');
    const dialog = await screen.findByRole('dialog', { name: 'Delete letter' });
    fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Cancel')!);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('goes back to the opener when a failed change closed the dialog and left the opener', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<LetterList failing />);
    const opener = open('Delete a');
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('falls back to the main region when the page has no heading', () => {
    renderWithProviders(
      <main id={MAIN_ID} tabIndex={-1}>
        <p>Nothing else</p>
      </main>,
    );
    const gone = document.createElement('button');
    returnFocus(gone);
    expect(document.activeElement?.id).toBe(MAIN_ID);
  });
});
