import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container with its styles, loaded by notices.tsx with the first notice. */
export function NoticesContainer() {
  return <Notifications />;
}
