import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_ID } from './SkipLink.js';

/**
 * A single-page app changes pages without a load, which screen readers do not notice: after each
 * change of path, the new page's title is announced (a polite live region) once the page has set it,
 * and focus moves to the main region so the Tab key starts from the new content.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of path, which it does not read
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    // Pages set their title in an effect, lazily loaded pages later still: wait for it to settle.
    let last = document.title;
    let stable = 0;
    const timer = window.setInterval(() => {
      stable = document.title === last ? stable + 1 : 0;
      last = document.title;
      if (stable >= 2) {
        window.clearInterval(timer);
        setAnnouncement(document.title);
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [pathname]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </VisuallyHidden>
  );
}
