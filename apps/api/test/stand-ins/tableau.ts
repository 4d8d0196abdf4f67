import { decodeProtectedHeader, jwtVerify } from 'jose';
import { listen, readJson, sendJson } from './http.js';

// A Tableau stand-in that checks connected-app JWTs as tableau/connected-apps-jwt-samples
// (javascript/index.js) makes them and as Tableau's troubleshooting page
// (help.tableau.com/current/online/en-us/connected_apps_troubleshoot.htm) lists its refusals,
// summarised in VENDORS.md §2: header kid (secret id) and iss (client id) of a configured secret,
// HS256 signature with the secret value, aud 'tableau', exp - now <= 600, a sub Tableau knows, scp
// an array (a string is JWT_PARSE_ERROR 10084). It serves the Embedding API's sign-in
// (POST /vizportal/api/web/v1/auth/embed/signin) and views under /t/{site}/views/… for a session.

export type ConnectedAppSecret = { clientId: string; secretId: string; secretValue: string };
export type JwtCheck =
  | { ok: true; sub: string; scp: string[]; jti: string }
  | { ok: false; error: string; code: number };

export async function checkConnectedAppJwt(
  token: string,
  secret: ConnectedAppSecret,
  knownUsers: readonly string[],
): Promise<JwtCheck> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { ok: false, error: 'JWT_PARSE_ERROR', code: 10084 };
  }
  if (header.kid !== secret.secretId || header.iss !== secret.clientId)
    return { ok: false, error: 'INVALID_SECRET', code: 10081 };
  if (header.alg !== 'HS256') return { ok: false, error: 'INVALID_ALGORITHM', code: 10082 };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret.secretValue), {
      algorithms: ['HS256'],
    });
    const now = Math.floor(Date.now() / 1000);
    if (payload.aud !== 'tableau' && !(Array.isArray(payload.aud) && payload.aud.includes('tableau'))) {
      return { ok: false, error: 'INVALID_AUDIENCE', code: 10085 };
    }
    if (payload.iss !== secret.clientId) return { ok: false, error: 'INVALID_ISSUER', code: 10083 };
    if (typeof payload.exp !== 'number' || payload.exp - now > 600)
      return { ok: false, error: 'LOGIN_FAILED', code: 16 };
    if (!Array.isArray(payload.scp)) return { ok: false, error: 'JWT_PARSE_ERROR', code: 10084 };
    if (typeof payload.jti !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.jti))
      return { ok: false, error: 'JWT_PARSE_ERROR', code: 10084 };
    if (typeof payload.sub !== 'string' || !knownUsers.includes(payload.sub))
      return { ok: false, error: 'LOGIN_FAILED', code: 16 };
    return { ok: true, sub: payload.sub, scp: payload.scp as string[], jti: payload.jti };
  } catch {
    return { ok: false, error: 'INVALID_SIGNATURE', code: 10086 };
  }
}

export async function startTableauStandIn(secret: ConnectedAppSecret, knownUsers: readonly string[]) {
  const checks: JwtCheck[] = [];
  const viewRequests: { path: string; cookie: string | undefined }[] = [];
  const standIn = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'POST' && url.pathname === '/vizportal/api/web/v1/auth/embed/signin') {
      const body = (await readJson(request)) as { jwt?: string };
      const check = await checkConnectedAppJwt(body?.jwt ?? '', secret, knownUsers);
      checks.push(check);
      if (!check.ok)
        return sendJson(response, 401, { result: { errors: [{ code: check.code, message: check.error }] } });
      return sendJson(
        response,
        200,
        { result: { user: { name: check.sub } } },
        { 'set-cookie': `workgroup_session_id=${check.sub}; Path=/; HttpOnly` },
      );
    }
    if (request.method === 'GET' && url.pathname.startsWith('/t/')) {
      viewRequests.push({ path: url.pathname, cookie: request.headers.cookie });
      response.writeHead(200, { 'content-type': 'text/html' });
      return void response.end(
        `<html><body><div class="viewport">Tableau view ${url.pathname}</div></body></html>`,
      );
    }
    sendJson(response, 404, {});
  });
  return { ...standIn, checks, viewRequests };
}
