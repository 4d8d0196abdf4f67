import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isLeaving } from '../../api/api.js';

export type Notice = { color: 'green' | 'red'; text: string };

/** SPEC.md §4/§9: 'Invitation was deleted successfully.' shows for 5 seconds, and so does an error alert. */
export const NOTICE_MS = 5000;

/** A message of the page's last action, gone after 5 seconds. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  /** A failure after §8's wording ('There was an issue … -- {error}'); none when the page is being left. */
  function fail(prefix: string, error: unknown) {
    if (isLeaving(error)) return;
    setNotice({ color: 'red', text: `${prefix}${(error as Error).message}` });
  }
  return { notice, setNotice, fail };
}

export function NoticeAlert({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
      {notice.text}
    </Alert>
  );
}
