import { ENV_DEFAULTS } from '@portal/process/env';
import { startDevSso } from './index.js';

// The demo sign-in server on its own: `npx tsx apps/dev-sso/src/main.ts`. Its defaults match
// the API's (DEV_SSO_ISSUER, DEV_SSO_CLIENT_ID, DEV_SSO_CLIENT_SECRET), so both start with no
// configuration. Redirects back to the portal are allowed on PUBLIC_URL (default: the one of
// @portal/process/env) and on the Vite dev port.
function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

function portFrom(value: string | undefined): number {
  const port = Number(value ?? '8010');
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Invalid configuration: DEV_SSO_PORT must be a port number, got "${value}"`);
  }
  return port;
}

async function main() {
  const env = process.env;
  const port = portFrom(env.DEV_SSO_PORT);
  const portals = [...new Set([env.PUBLIC_URL ?? ENV_DEFAULTS.PUBLIC_URL, 'http://localhost:3000'])];
  const sso = await startDevSso({
    port,
    // Loopback unless told: its passwords are public (compose sets 0.0.0.0 inside its container).
    host: env.DEV_SSO_HOST || '127.0.0.1',
    issuer: env.DEV_SSO_ISSUER || `http://localhost:${port}`,
    clients: [
      {
        clientId: env.DEV_SSO_CLIENT_ID || 'portal',
        clientSecret: env.DEV_SSO_CLIENT_SECRET || 'dev-sso-portal-secret',
        redirectUris: list(
          env.DEV_SSO_REDIRECT_URIS,
          portals.map((url) => `${url}/api/login/oauth2/code/sso`),
        ),
        postLogoutRedirectUris: list(
          env.DEV_SSO_POST_LOGOUT_REDIRECT_URIS,
          portals.map((url) => `${url}/logout`),
        ),
      },
    ],
  });
  console.info(`dev-sso (demonstration only) listening at ${sso.issuer}`);
  const stop = () => void sso.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
