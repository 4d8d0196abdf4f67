import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { failureMessage } from '../api/api.js';
import { useSubmit } from '../lib/use-submit.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useReturnFocusOnUnmount } from './focus-return.js';
import { LazyModal } from './LazyModal.js';

/**
 * What a failed change does to the dialog. 'show': it stays open with the failure's message, so
 * the user may try again or cancel. 'close': it closes and the failure is logged only, as SPEC.md
 * §4 and §8 want of a report's delete.
 */
export type ConfirmFailure = 'show' | 'close';

type ConfirmDialogProps = {
  title: string;
  /** The question, naming what the change touches. */
  message: ReactNode;
  confirmLabel: string;
  /** The change to make; the dialog closes when it succeeds. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  onFailure?: ConfirmFailure;
  /** The words shown for a failure ('show'): by default the server's message. */
  failureText?: (failure: unknown) => string;
};

/**
 * The one dialog that asks before an irreversible change (deleting a row, disabling a banner or an
 * account, revoking a token). It is mounted only while open, so it returns focus itself when it
 * goes: to the button that opened it, or to the page's heading when that button left with the change.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  onFailure = 'show',
  failureText = failureMessage,
}: ConfirmDialogProps) {
  const { busy, submit } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  useReturnFocusOnUnmount();

  async function confirm() {
    setError(null);
    await submit(onConfirm, {
      done: onClose,
      failed: (failure) => {
        if (onFailure === 'show') return setError(failureText(failure));
        console.error(`${title} failed`, failure);
        onClose();
      },
    });
  }

  return (
    <LazyModal opened onClose={onClose} title={title} centered returnFocus={false}>
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
    </LazyModal>
  );
}
