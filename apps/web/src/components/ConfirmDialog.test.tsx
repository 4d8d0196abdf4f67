import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api.js';
import { renderWithProviders } from '../test/render.js';
import { ConfirmDialog, type ConfirmFailure } from './ConfirmDialog.js';

// SPEC.md §4 and §8: a report's delete that fails closes its dialog and is logged only; every
// other confirmed change that fails keeps the dialog open and says why.

const refusal = new ApiError(409, 'The category still has reports.', {
  message: 'The category still has reports.',
});

function renderDialog(
  onConfirm: () => Promise<void>,
  onFailure?: ConfirmFailure,
  failureText?: (e: unknown) => string,
) {
  const onClose = vi.fn();
  renderWithProviders(
    <ConfirmDialog
      title="Delete report category"
      message="Are you sure you want to delete the report category Sales (SALES)?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
      onFailure={onFailure}
      failureText={failureText}
    />,
  );
  return onClose;
}

async function confirm() {
  const dialog = await screen.findByRole('dialog', { name: 'Delete report category' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  return dialog;
}

describe('the confirm dialog', { timeout: 20_000 }, () => {
  it('closes once the change is made', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = renderDialog(onConfirm);
    await confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open with the server message when the change fails, and may be tried again', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const onClose = renderDialog(onConfirm);
    const dialog = await confirm();
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The category still has reports.',
    );
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it("shows the page's words for a failure when it has them", async () => {
    const onClose = renderDialog(
      () => Promise.reject(refusal),
      'show',
      () => 'Unable to delete the banner.',
    );
    const dialog = await confirm();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Unable to delete the banner.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes and logs only when told to, as a report's delete", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = renderDialog(() => Promise.reject(refusal), 'close');
    const dialog = await confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalledWith('Delete report category failed', refusal);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says nothing of a failure that is leaving the page (a 401 on its way to sign-in)', async () => {
    const leaving = new ApiError(401, 'Unauthorized', null, '/login');
    const onClose = renderDialog(() => Promise.reject(leaving));
    const dialog = await confirm();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
