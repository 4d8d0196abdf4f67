import { Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { Uri } from '@portal/domain/api/auth';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { get } from '../../api/api.js';
import { useAuth } from '../../auth/auth-context.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { browser } from '../../lib/browser.js';

/** The server's logout answer is followed only when it is an https address. */
export function isHttpsAddress(uri: string): boolean {
  try {
    return new URL(uri).protocol === 'https:';
  } catch {
    return false;
  }
}

export default function LogoutPage() {
  const { clear } = useAuth();
  const { mutate } = useSWRConfig();
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let uri: string | null = null;
      try {
        uri = (await get<Uri>('/api/logout', { redirect: false }))?.uri ?? null;
      } catch (error) {
        console.error('Logout call failed', error);
      }
      clear();
      await mutate(() => true, undefined, { revalidate: false });
      if (uri !== null && isHttpsAddress(uri)) {
        browser.assign(uri);
        return;
      }
      setDone(true);
    })();
  }, [clear, mutate]);

  return (
    <PageFrame title="Logout">
      {done ? (
        <>
          <Text>{MESSAGES.loggedOut}</Text>
          <Text>Please close your browser to complete signing out.</Text>
        </>
      ) : (
        <CenteredLoader />
      )}
    </PageFrame>
  );
}
