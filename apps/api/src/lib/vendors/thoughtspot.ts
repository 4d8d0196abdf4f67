import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors.js';
import type { ThoughtSpotSettings } from './vendor-config.js';

// ThoughtSpot trusted authentication through its REST API v2 (VENDORS.md §1): a token per call of
// /api/rest/2.0/auth/token/full with the secret key (the SDK refuses a token it has seen), and
// users/search and users/create with a bearer token of the administrator.

/** The token entity of /auth/token/full, plus the host the SDK embeds from. */
export type ThoughtSpotToken = {
  token: string;
  creation_time_in_millis: number;
  expiration_time_in_millis: number;
  valid_for_username: string;
  thoughtSpotHost: string;
};
export type ThoughtSpotUser = { id: string; name: string; display_name: string; email?: string | undefined };
export type NewThoughtSpotUser = {
  name: string;
  display_name: string;
  email: string;
  /** Groups the user joins (users/create group_identifiers), e.g. the consumers of a tenant invitation. */
  group_identifiers?: string[];
};

export type ThoughtSpotService = {
  fullToken(username: string): Promise<ThoughtSpotToken>;
  findUser(name: string): Promise<ThoughtSpotUser | undefined>;
  createUser(user: NewThoughtSpotUser): Promise<ThoughtSpotUser>;
};

const unavailable = () =>
  new HttpError(
    503,
    'Sorry - we are currently unable to process your request. Please try again in a few minutes',
  );

export function thoughtSpotRestService(settings: ThoughtSpotSettings): ThoughtSpotService {
  const call = async <T>(path: string, body: unknown, bearer?: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${settings.host}/api/rest/2.0${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(bearer && { authorization: `Bearer ${bearer}` }),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw unavailable();
    }
    if (!response.ok) throw unavailable();
    return (await response.json()) as T;
  };
  const fullToken = async (username: string) => {
    const entity = await call<Omit<ThoughtSpotToken, 'thoughtSpotHost'>>('/auth/token/full', {
      username,
      secret_key: settings.secret,
      validity_time_in_sec: settings.tokenSeconds,
    });
    return {
      token: entity.token,
      creation_time_in_millis: entity.creation_time_in_millis,
      expiration_time_in_millis: entity.expiration_time_in_millis,
      valid_for_username: entity.valid_for_username,
      thoughtSpotHost: settings.host,
    };
  };
  const adminToken = async () => {
    if (!settings.adminUsername) throw unavailable();
    return (await fullToken(settings.adminUsername)).token;
  };
  return {
    fullToken,
    async findUser(name) {
      const users = await call<ThoughtSpotUser[]>(
        '/users/search',
        { user_identifier: name },
        await adminToken(),
      );
      const user = users.find((u) => u.name.toLowerCase() === name.toLowerCase());
      return user && { id: user.id, name: user.name, display_name: user.display_name, email: user.email };
    },
    async createUser(user) {
      const created = await call<ThoughtSpotUser>('/users/create', user, await adminToken());
      return { id: created.id, name: created.name, display_name: created.display_name, email: created.email };
    },
  };
}

/**
 * The embedded default: a demo ThoughtSpot inside the portal (served under DEMO_THOUGHTSPOT_PATH).
 * Its tokens are signed with a key of this process, so its session check can tell them apart.
 */
export const DEMO_THOUGHTSPOT_PATH = '/thoughtspot-demo';

export function demoThoughtSpotService(
  publicUrl: string,
  key: Buffer,
  tokenSeconds: number,
  now: () => Date,
) {
  const users = new Map<string, ThoughtSpotUser>();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const service: ThoughtSpotService & {
    isActive(token: string): boolean;
    /** What ThoughtSpot's session info says of a token's user, as much as the Visual Embed SDK reads. */
    sessionInfo(token: string): Record<string, unknown> | null;
  } = {
    async fullToken(username) {
      const issuedAt = now().getTime();
      const expires = issuedAt + tokenSeconds * 1000;
      const payload = `${Buffer.from(username).toString('base64url')}.${expires}.${randomUUID()}`;
      return {
        token: `${payload}.${sign(payload)}`,
        creation_time_in_millis: issuedAt,
        expiration_time_in_millis: expires,
        valid_for_username: username,
        thoughtSpotHost: `${publicUrl}${DEMO_THOUGHTSPOT_PATH}`,
      };
    },
    async findUser(name) {
      return users.get(name.toLowerCase());
    },
    async createUser(user) {
      const created = { id: randomUUID(), ...user };
      users.set(user.name.toLowerCase(), created);
      return created;
    },
    isActive(token) {
      const at = token.lastIndexOf('.');
      const payload = token.slice(0, at);
      const given = Buffer.from(token.slice(at + 1));
      const expected = Buffer.from(sign(payload));
      if (at < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return Number(payload.split('.')[1]) > now().getTime();
    },
    sessionInfo(token) {
      if (!service.isActive(token)) return null;
      const username = Buffer.from(token.split('.')[0] ?? '', 'base64url').toString();
      return {
        userGUID: createHmac('sha256', key).update(`user:${username}`).digest('hex').slice(0, 32),
        userName: username,
        releaseVersion: 'demo',
        configInfo: {
          isPublicUser: false,
          selfClusterId: 'demo',
          selfClusterName: 'Partner portal demo',
          mixpanelConfig: { production: false, devSdkKey: '', prodSdkKey: '' },
        },
      };
    },
  };
  return service;
}
