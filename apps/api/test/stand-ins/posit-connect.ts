import { listen } from './http.js';

// A Posit Connect stand-in following docs.posit.co/connect/admin/authentication/proxied/ and
// docs.posit.co/connect/admin/security/embedding-cors/ (VENDORS.md §4): content at
// /content/{guid}/, the visitor named by the proxy's X-Auth-Username header (passed on to content
// as RStudio-Connect-Credentials), and no X-Frame-Options on content (FrameOptionsContent NONE).
// A content item can be made to answer a status, to stand for content that is down.

export type ConnectRequest = { path: string; username: string | undefined; headers: Record<string, unknown> };

export async function startPositConnectStandIn(options: { statusOf?: (path: string) => number } = {}) {
  const requests: ConnectRequest[] = [];
  const standIn = await listen((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const username = request.headers['x-auth-username'] as string | undefined;
    requests.push({ path, username, headers: { ...request.headers } });
    if (!path.startsWith('/content/')) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return void response.end('Not found');
    }
    if (!username) {
      response.writeHead(401, { 'content-type': 'text/html' });
      return void response.end('<html><body>Log in to Posit Connect</body></html>');
    }
    const status = options.statusOf?.(path) ?? 200;
    const credentials = JSON.stringify({ user: username, groups: [] });
    response.writeHead(status, { 'content-type': 'text/html', 'x-connect-credentials-seen': credentials });
    response.end(`<html><body><div class="viewport">Content ${path} for ${username}</div></body></html>`);
  });
  return { ...standIn, requests };
}
