import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { TableauSettings } from './vendor-config.js';

// Tableau connected apps, direct trust (VENDORS.md §2): header kid = secret id and iss = client id,
// HS256 with the secret value; claims iss, sub (the Tableau username), aud 'tableau', exp at most
// 10 minutes ahead, jti a UUID, and scp an ARRAY (a string gives JWT_PARSE_ERROR 10084).
export const TABLEAU_SCOPES = ['tableau:views:embed'];
export const TABLEAU_JWT_SECONDS = 5 * 60;

export async function signTableauJwt(settings: TableauSettings, username: string, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scp: TABLEAU_SCOPES })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: settings.secretId, iss: settings.clientId })
    .setIssuer(settings.clientId)
    .setSubject(username)
    .setAudience('tableau')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TABLEAU_JWT_SECONDS)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(settings.secretValue));
}

export type ConnectedApp = { clientId: string; secretId: string; secretValue: string };

/**
 * What Tableau checks of a connected-app JWT, as its documentation and troubleshooting page list
 * them: the header's kid and iss name a configured secret, the HS256 signature, aud 'tableau', exp
 * at most 600 s ahead, a sub, and scp an array. Used by the demo Tableau and the test stand-in.
 */
export async function verifyTableauJwt(token: string, apps: readonly ConnectedApp[], now: Date) {
  const nowSeconds = now.getTime() / 1000;
  const [encodedHeader = ''] = token.split('.');
  let header: { alg?: string; kid?: string; iss?: string };
  try {
    header = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8'));
  } catch {
    return { ok: false as const, error: 'JWT_PARSE_ERROR' };
  }
  const app = apps.find((a) => a.secretId === header.kid && a.clientId === header.iss);
  if (!app || header.alg !== 'HS256') return { ok: false as const, error: 'INVALID_CONNECTED_APP' };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.secretValue), {
      algorithms: ['HS256'],
      audience: 'tableau',
      issuer: app.clientId,
      currentDate: new Date(nowSeconds * 1000),
    });
    if (typeof payload.exp !== 'number' || payload.exp - nowSeconds > 600)
      return { ok: false as const, error: 'LOGIN_FAILED' };
    if (!payload.sub) return { ok: false as const, error: 'LOGIN_FAILED' };
    if (!Array.isArray(payload.scp) || !payload.scp.every((s) => typeof s === 'string')) {
      return { ok: false as const, error: 'JWT_PARSE_ERROR' };
    }
    if (typeof payload.jti !== 'string') return { ok: false as const, error: 'JWT_PARSE_ERROR' };
    return { ok: true as const, username: payload.sub, scopes: payload.scp as string[], jti: payload.jti };
  } catch (error) {
    return {
      ok: false as const,
      error: error instanceof errors.JWTExpired ? 'LOGIN_FAILED' : 'INVALID_SIGNATURE',
    };
  }
}
