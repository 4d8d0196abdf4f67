import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { authenticate, type DevSsoAccount } from './accounts.js';
import { errorPage, loginPage } from './views.js';

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/**
 * The sign-in pages the provider sends the browser to: GET shows the form, POST …/login checks
 * the demo password, …/abort cancels. Consent never shows (see grantWithoutConsent).
 */
export async function handleInteraction(
  provider: Provider,
  accounts: readonly DevSsoAccount[],
  req: IncomingMessage,
  res: ServerResponse,
  action: 'show' | 'login' | 'abort',
) {
  const details = await provider.interactionDetails(req, res);
  const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
  if (details.prompt.name !== 'login') {
    return send(res, 400, errorPage({ error: `Unsupported prompt: ${details.prompt.name}` }));
  }
  if (action === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }
  if (action === 'show' || req.method !== 'POST') {
    return send(res, 200, loginPage({ uid: details.uid, loginHint, accounts }));
  }
  const form = await readForm(req);
  const login = form.get('login') ?? '';
  const account = authenticate(accounts, login, form.get('password') ?? '');
  if (!account) {
    const error = 'Wrong login name or password.';
    return send(res, 401, loginPage({ uid: details.uid, loginHint: login, error, accounts }));
  }
  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.claims.sub } },
    { mergeWithLastSubmission: false },
  );
}
