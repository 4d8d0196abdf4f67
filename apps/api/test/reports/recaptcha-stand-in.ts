import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Google reCAPTCHA's siteverify, following
// https://developers.google.com/recaptcha/docs/verify (and /docs/v3 for score and action):
// POST application/x-www-form-urlencoded with `secret`, `response` and optional `remoteip`;
// the answer is JSON {success, challenge_ts, hostname, "error-codes"?} plus score/action in v3.
// A token is good once: a second use answers timeout-or-duplicate.

export const STAND_IN_SECRET = 'stand-in-secret';
/** Tokens the stand-in knows: a v2 pass, a v3 pass, a v3 low score, a v3 wrong action. */
export const TOKENS = {
  pass: 'token-pass',
  v3Pass: 'token-v3-pass',
  lowScore: 'token-v3-low-score',
  wrongAction: 'token-v3-wrong-action',
} as const;

export type RecaptchaStandIn = {
  url: string;
  /** Every request body it received, parsed, with its content type. */
  requests: Array<{ contentType: string | undefined; form: Record<string, string> }>;
  close(): Promise<void>;
};

export async function startRecaptchaStandIn(): Promise<RecaptchaStandIn> {
  const used = new Set<string>();
  const requests: RecaptchaStandIn['requests'] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const contentType = request.headers['content-type'];
      const form = contentType?.startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : {};
      requests.push({ contentType, form });
      const reply = (body: Record<string, unknown>) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const fail = (code: string) => reply({ success: false, 'error-codes': [code] });
      if (request.method !== 'POST') return fail('bad-request');
      if (!form.secret) return fail('missing-input-secret');
      if (form.secret !== STAND_IN_SECRET) return fail('invalid-input-secret');
      if (!form.response) return fail('missing-input-response');
      const token = form.response;
      if (!(Object.values(TOKENS) as string[]).includes(token)) return fail('invalid-input-response');
      if (used.has(token)) return fail('timeout-or-duplicate');
      used.add(token);
      const base = { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' };
      if (token === TOKENS.pass) return reply(base);
      if (token === TOKENS.v3Pass) return reply({ ...base, score: 0.9, action: 'download' });
      if (token === TOKENS.lowScore) return reply({ ...base, score: 0.1, action: 'download' });
      return reply({ ...base, score: 0.9, action: 'login' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
