import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { failureMessage } from '../api/api.js';
import { useSubmit } from '../lib/use-submit.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useReturnFocusOnUnmount } from './focus-return.js';

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  /** The change to make; the dialog closes when it succeeds and shows the server's message when it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/**
 * Asks before an irreversible change (revoking a token, disabling an account, deleting a row). It is
 * mounted only while open, so it returns focus itself when it goes: to the button that opened it,
 * or to the page's heading when that button left with the change.
 */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { busy, submit } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  useReturnFocusOnUnmount();

  async function confirm() {
    setError(null);
    await submit(onConfirm, { done: onClose, failed: (failure) => setError(failureMessage(failure)) });
  }

  return (
    <Modal opened onClose={onClose} title={title} centered returnFocus={false}>
      <Stack>
        <Text>{message}</Text>
        <ErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
