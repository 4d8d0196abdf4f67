import { Alert, Button, Container, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { sanitizeLoginError } from '@portal/domain';
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

export default function LoginPage() {
  useDocumentTitle('Login');
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const error = sanitizeLoginError(searchParams.get('error'));
  const [loginName, setLoginName] = useState(readLoginName);
  const [submitting, setSubmitting] = useState(false);
  const throwToBoundary = useThrowToBoundary();

  useEffect(() => clearMarketingKeys(), []);

  if (auth.status === 'authenticated') return <Navigate to="/" replace />;

  async function signOn(event: FormEvent) {
    event.preventDefault();
    const username = loginName.trim();
    writeLoginName(username);
    setSubmitting(true);
    try {
      const { uri } = await get<Uri>(`/api/login/redirect?username=${encodeURIComponent(username)}`);
      browser.assign(uri === 'sso' ? SSO_LOGIN_PATH : uri);
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
