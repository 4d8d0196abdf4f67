import { Alert } from '@mantine/core';
import { NOTICE_MS } from '@portal/domain';
import { useEffect, useState } from 'react';
import { isLeaving } from '../../api/api.js';

export type Notice = { color: 'green' | 'red'; text: string };

/** A message of the page's last action, gone after 5 seconds (SPEC.md §4, §9). */
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
