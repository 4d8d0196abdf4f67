import { type DevSso, startDevSso } from '@portal/dev-sso';
import { freePort } from '@portal/testing';
import { createTestApp, type TestApp } from '@portal/testing/api';

export type PortalWithSso = TestApp & { publicUrl: string; sso: DevSso };

const CLIENT_SECRET = 'test-client-secret';

/**
 * A real API listening on a port, and a real dev-sso whose only client is that API: the whole
 * OpenID flow runs over HTTP as it does in a browser.
 */
export async function startPortalWithSso(env: Record<string, string> = {}): Promise<PortalWithSso> {
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const sso = await startDevSso({
    port: 0,
    clients: [
      {
        clientId: 'portal',
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${publicUrl}/api/login/oauth2/code/sso`],
        postLogoutRedirectUris: [`${publicUrl}/logout`],
      },
    ],
  });
  const t = await createTestApp({
    PUBLIC_URL: publicUrl,
    DEV_SSO_ISSUER: sso.issuer,
    DEV_SSO_CLIENT_ID: 'portal',
    DEV_SSO_CLIENT_SECRET: CLIENT_SECRET,
    ...env,
  });
  await t.app.listen({ port, host: 'localhost' });
  return {
    ...t,
    publicUrl,
    sso,
    async close() {
      await t.close();
      await sso.close();
    },
  };
}
