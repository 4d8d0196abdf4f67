import { Button, Group } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { focusedElement, returnFocusAfterClose } from './focus-return.js';
import { LazyModal } from './LazyModal.js';

// The confirm dialog of a list row's Delete (or Disable) on the pages that read their whole list:
// the row asked about, and the change made when the user confirms. The dialog closes when the
// change is done, whatever its outcome: `change` reports its own failure. Focus then goes back to
// the button that asked, or to the page's heading when the row left with its button.

export function useConfirm<T>(change: (row: T) => Promise<void>) {
  const [row, setRow] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const open = row !== null;
  const wasOpen = useRef(false);
  // After the commit that closed the dialog: by then the list shows the outcome of `change`.
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    return closed ? returnFocusAfterClose(opener.current) : undefined;
  }, [open]);

  async function confirm() {
    if (row === null) return;
    setBusy(true);
    try {
      await change(row);
    } finally {
      setBusy(false);
      setRow(null);
    }
  }

  function ask(next: T) {
    opener.current = focusedElement();
    setRow(next);
  }

  return { row, busy, ask, close: () => setRow(null), confirm };
}

export type Confirm<T> = ReturnType<typeof useConfirm<T>>;

type ConfirmModalProps<T> = {
  confirm: Confirm<T>;
  title: string;
  confirmLabel: string;
  /** The question, naming `confirm.row`. */
  children: ReactNode;
};

export function ConfirmModal<T>({ confirm, title, confirmLabel, children }: ConfirmModalProps<T>) {
  return (
    <LazyModal
      opened={confirm.row !== null}
      onClose={confirm.close}
      title={title}
      centered
      returnFocus={false}
    >
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={confirm.close} disabled={confirm.busy}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm.confirm} loading={confirm.busy}>
          {confirmLabel}
        </Button>
      </Group>
    </LazyModal>
  );
}
