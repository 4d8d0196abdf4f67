import { randomUUID } from 'node:crypto';
import { listen, readJson, sendJson } from './http.js';

// A ThoughtSpot stand-in following thoughtspot/rest-api-sdk api-spec/openapiSpecv3-2_0.json (REST
// API v2) and the Visual Embed SDK's session check (src/utils/authService/authService.ts), as
// summarised in VENDORS.md §1: POST /api/rest/2.0/auth/token/full, POST /api/rest/2.0/users/search
// (an array), POST /api/rest/2.0/users/create (name, display_name, email required), and
// GET /callosum/v1/session/isactive (200 for a live bearer).

type TsUser = { id: string; name: string; display_name: string; email: string };
export type TokenRequest = { username: string; secret_key?: string; validity_time_in_sec?: number };

export async function startThoughtSpotStandIn(secretKey: string) {
  const tokens = new Map<string, { username: string; expires: number }>();
  const users = new Map<string, TsUser>();
  /** The group_identifiers each user was created with (users/create, optional). */
  const groups = new Map<string, string[]>();
  const tokenRequests: TokenRequest[] = [];
  const bearerOf = (header: string | undefined) => tokens.get(header?.replace(/^Bearer /, '') ?? '');

  const standIn = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'POST' && url.pathname === '/api/rest/2.0/auth/token/full') {
      const body = (await readJson(request)) as TokenRequest;
      tokenRequests.push(body);
      if (!body?.username) return sendJson(response, 400, { error: { message: 'username is required' } });
      if (body.secret_key !== secretKey)
        return sendJson(response, 401, { error: { message: 'Invalid secret key' } });
      const now = Date.now();
      const validity = body.validity_time_in_sec ?? 300;
      const token = `ts-${randomUUID()}`;
      tokens.set(token, { username: body.username, expires: now + validity * 1000 });
      return sendJson(response, 200, {
        token,
        creation_time_in_millis: now,
        expiration_time_in_millis: now + validity * 1000,
        scope: { access_type: 'FULL', org_id: 0 },
        valid_for_user_id: randomUUID(),
        valid_for_username: body.username,
      });
    }
    if (request.method === 'POST' && url.pathname === '/api/rest/2.0/users/search') {
      if (!bearerOf(request.headers.authorization))
        return sendJson(response, 401, { error: { message: 'Unauthorized' } });
      const body = ((await readJson(request)) ?? {}) as { user_identifier?: string; email?: string };
      const found = [...users.values()].filter(
        (u) =>
          (!body.user_identifier || u.name === body.user_identifier || u.id === body.user_identifier) &&
          (!body.email || u.email === body.email),
      );
      return sendJson(response, 200, found);
    }
    if (request.method === 'POST' && url.pathname === '/api/rest/2.0/users/create') {
      if (!bearerOf(request.headers.authorization))
        return sendJson(response, 401, { error: { message: 'Unauthorized' } });
      const body = (await readJson(request)) as Partial<TsUser> & { group_identifiers?: string[] };
      if (!body?.name || !body.display_name || !body.email)
        return sendJson(response, 400, { error: { message: 'name, display_name and email are required' } });
      if (users.has(body.name)) return sendJson(response, 400, { error: { message: 'User already exists' } });
      const user = { id: randomUUID(), name: body.name, display_name: body.display_name, email: body.email };
      users.set(user.name, user);
      groups.set(user.name, body.group_identifiers ?? []);
      return sendJson(response, 200, user);
    }
    if (request.method === 'GET' && url.pathname === '/callosum/v1/session/isactive') {
      const live = bearerOf(request.headers.authorization);
      return live && live.expires > Date.now() ? sendJson(response, 200, {}) : sendJson(response, 401, {});
    }
    sendJson(response, 404, { error: { message: 'Not found' } });
  });
  return { ...standIn, tokenRequests, users, groups };
}
