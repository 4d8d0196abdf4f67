import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';

const Modal = lazy(() => import('./modal.js'));

/**
 * Mantine's Modal, whose code (with its overlay, portal, transition, focus trap and scroll lock:
 * about 11 KB compressed) comes when it first opens rather than with the page (issue 24). Once
 * come it stays mounted, so that it closes with its transition and hands focus back as a modal does.
 */
export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenedAfterMount {...props} />
    </Suspense>
  );
}

/**
 * The modal mounted closed, then opened: as when it lived in the page, it notes the element to
 * hand focus back to as it opens. Its transition, drawn in a portal that mounts with it, would read
 * the reduced-motion preference only after its first frame: read here, before it opens.
 */
function OpenedAfterMount(props: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [reduceMotion] = useState(
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true,
  );
  const transitionProps = reduceMotion ? { ...props.transitionProps, duration: 0 } : props.transitionProps;
  return <Modal {...props} opened={props.opened && mounted} transitionProps={transitionProps} />;
}
