import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// Mantine's notifications (their container, transitions and styles: about 7 KB compressed) load
// with the first notice, not with every first page (issue 24). The notice waits in Mantine's store
// until the container, mounted then, shows it.

const Notifications = lazy(() =>
  import('./notices-container.js').then((module) => ({ default: module.NoticesContainer })),
);

let wanted = false;
const listeners = new Set<() => void>();

/** Shows a notice (Mantine's notifications.show), loading the notifications first if need be. */
export async function showNotice(notice: NotificationData): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show(notice);
}

/** Where notices show: nothing until the first one is asked for. */
export function Notices() {
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    const show = () => setShown(true);
    listeners.add(show);
    if (wanted) show();
    return () => {
      listeners.delete(show);
    };
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
