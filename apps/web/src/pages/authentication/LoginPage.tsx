import { Alert, Button, Container, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { returnTarget, sanitizeLoginError } from '@portal/domain';
import type { Uri } from '@portal/domain/api/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { get } from '../../api/api.js';
import { useThrowToBoundary } from '../../api/swr.js';
import { useAuth } from '../../auth/auth-context.js';
import { readLoginName, writeLoginName } from '../../auth/login-name-cookie.js';
import { browser } from '../../lib/browser.js';
import { clearMarketingKeys } from '../../lib/marketing-storage.js';

/** GET /api/login/redirect answers 'sso' for the default single sign-on. */
export const SSO_LOGIN_PATH = '/api/oauth2/authorization/sso';

/** The longest login hint the sign-in start takes (an e-mail address at most). */
const LOGIN_HINT_MAX = 320;

/**
 * Where Sign On goes: the provider's sign-in start, told the page to come back to (the API checks it
 * again and keeps it with the pending sign-in) and what was typed, which the provider's own sign-in
 * page then shows filled in (OpenID's login_hint) rather than asking for it twice.
 */
export function signInStart(uri: string, returnTo: string | null, loginName: string): string {
  const path = uri === 'sso' ? SSO_LOGIN_PATH : uri;
  const query = new URLSearchParams();
  if (returnTo !== null && returnTo !== '/') query.set('returnTo', returnTo);
  if (loginName !== '' && loginName.length <= LOGIN_HINT_MAX) query.set('loginHint', loginName);
  const search = query.toString();
  return search === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

export default function LoginPage() {
  useDocumentTitle('Login');
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const error = sanitizeLoginError(searchParams.get('error'));
  // The page that sent the person here to sign in: a page of the portal, else none.
  const returnTo = returnTarget(searchParams.get('returnTo'));
  const [loginName, setLoginName] = useState(readLoginName);
  const [submitting, setSubmitting] = useState(false);
  const throwToBoundary = useThrowToBoundary();

  useEffect(() => clearMarketingKeys(), []);

  if (auth.status === 'authenticated') return <Navigate to={returnTo ?? '/'} replace />;

  async function signOn(event: FormEvent) {
    event.preventDefault();
    const username = loginName.trim();
    writeLoginName(username);
    setSubmitting(true);
    try {
      const { uri } = await get<Uri>(`/api/login/redirect?username=${encodeURIComponent(username)}`);
      browser.assign(signInStart(uri, returnTo, username));
    } catch (failure) {
      setSubmitting(false);
      throwToBoundary(failure);
    }
  }

  return (
    <Container size={420} py="xl">
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <form onSubmit={signOn}>
          <Stack>
            <Title order={1} size="h2">
              Sign On
            </Title>
            {error !== '' && (
              <Alert color="red" title="Error" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email Address or EID"
              name="username"
              autoComplete="username"
              value={loginName}
              onChange={(event) => setLoginName(event.currentTarget.value)}
            />
            <Button type="submit" loading={submitting}>
              Sign On
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
