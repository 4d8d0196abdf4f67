import { Button, Group, Text } from '@mantine/core';
import {
  isExternalLink,
  isSafeExternalHref,
  leavingPortalText,
  MESSAGES,
  MODAL_TRANSITION_MS,
} from '@portal/domain';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ExternalLinkContext } from './ExternalLink.js';
import { LazyModal } from './LazyModal.js';

/** Where Continue goes: a new tab without access back to the portal's window. */
export const leavePortal = {
  open(href: string): void {
    window.open(href, '_blank', 'noopener,noreferrer');
  },
};

/** The anchor a click landed on, if it leaves for another host. */
function externalAnchorOf(event: MouseEvent): HTMLAnchorElement | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  return isExternalLink(anchor.href, window.location.origin) ? anchor : null;
}

/**
 * Catches every click (and middle click) on a link to another host below it and shows the
 * 'Warning!' modal of SPEC.md §8 instead; Continue opens the link.
 */
export function ExternalLinkGuard({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button > 1) return;
      const anchor = externalAnchorOf(event);
      if (anchor === null) return;
      event.preventDefault();
      setTarget(anchor.href);
    };
    // Capture phase: before the link (or a router) acts on the click.
    document.addEventListener('click', onClick, true);
    document.addEventListener('auxclick', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('auxclick', onClick, true);
    };
  }, []);

  const context = useMemo(() => ({ confirmLeave: (href: string) => setTarget(href) }), []);
  const close = () => setTarget(null);
  const proceed = () => {
    if (target !== null && isSafeExternalHref(target)) leavePortal.open(target);
    close();
  };

  return (
    <ExternalLinkContext.Provider value={context}>
      {children}
      <LazyModal
        opened={target !== null}
        onClose={close}
        title={MESSAGES.leavingPortalTitle}
        centered
        transitionProps={{ duration: MODAL_TRANSITION_MS }}
      >
        <Text style={{ overflowWrap: 'anywhere' }}>{leavingPortalText(target ?? '')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={proceed}>Continue</Button>
        </Group>
      </LazyModal>
    </ExternalLinkContext.Provider>
  );
}
