import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TableauSettings } from '../lib/vendors/vendor-config.js';

// The demo Tableau's session: what Tableau's connected-app sign-in gives the browser after a
// valid JWT, a cookie the views require. Signed with the connected app's secret of this process.
export const DEMO_TABLEAU_COOKIE = 'workgroup_session_id';
const SESSION_SECONDS = 60 * 60;

const sign = (settings: TableauSettings, payload: string) =>
  createHmac('sha256', settings.secretValue).update(`demo-tableau-session:${payload}`).digest('base64url');

export function demoTableauSession(settings: TableauSettings, username: string, now: Date): string {
  const payload = `${Buffer.from(username).toString('base64url')}.${Math.floor(now.getTime() / 1000) + SESSION_SECONDS}`;
  return `${payload}.${sign(settings, payload)}`;
}

/** The Tableau username of a live demo session cookie, else undefined. */
export function demoTableauUser(settings: TableauSettings, cookie: string | undefined, now: Date) {
  if (!cookie) return undefined;
  const at = cookie.lastIndexOf('.');
  const payload = cookie.slice(0, at);
  const given = Buffer.from(cookie.slice(at + 1));
  const expected = Buffer.from(sign(settings, payload));
  if (at < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [user = '', expires = '0'] = payload.split('.');
  return Number(expires) * 1000 > now.getTime() ? Buffer.from(user, 'base64url').toString('utf8') : undefined;
}
