import type { DevSsoAccount } from './accounts.js';

// Plain HTML pages of the demo sign-in server. No script is needed to sign in.

const html = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const style = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem}
main{max-width:28rem;margin:0 auto;background:#fff;padding:1.5rem 2rem;border-radius:6px;box-shadow:0 1px 3px #0003}
.demo{background:#fff3cd;border:1px solid #e0c36a;padding:.5rem .75rem;border-radius:4px}
.error{background:#fde2e1;border:1px solid #e5a29f;padding:.5rem .75rem;border-radius:4px}
label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.25rem;padding:.6rem 1.2rem}table{font-size:.85rem;margin-top:1rem;border-collapse:collapse}
td{padding:.15rem .5rem .15rem 0}`;

// The empty icon spares the browser a request for /favicon.ico, which this server answers 404.
function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

const demoNotice =
  '<p class="demo" role="note"><strong>For demonstration only.</strong> This sign-in server holds demo accounts ' +
  'and must never be used in production.</p>';

export function loginPage(options: {
  uid: string;
  loginHint?: string | undefined;
  error?: string | undefined;
  accounts: readonly DevSsoAccount[];
}): string {
  // The login typed on the portal's page comes as the hint: the password is what is left to type.
  const hinted = Boolean(options.loginHint);
  const rows = options.accounts
    .map((a) => `<tr><td><code>${html(a.login)}</code></td><td>${html(a.description)}</td></tr>`)
    .join('');
  return page(
    'Demo sign-in',
    `<h1>Demo sign-in</h1>${demoNotice}
${options.error ? `<p class="error" role="alert">${html(options.error)}</p>` : ''}
<form method="post" action="/interaction/${html(options.uid)}/login" autocomplete="off">
<label for="login">Login name</label>
<input id="login" name="login" required${hinted ? '' : ' autofocus'} value="${html(options.loginHint ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required${hinted ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p><a href="/interaction/${html(options.uid)}/abort">Cancel</a></p>
<p>Demo accounts (password <code>demo</code>):</p><table>${rows}</table>
<p>Invited to a tenant? Any address ending in <code>@invited.demo</code> signs in with the password <code>demo</code>.</p>`,
  );
}

/** The RP-initiated logout confirmation; it submits itself so the portal's sign-out is one step. */
export function logoutPage(form: string): string {
  const autoSubmit = form.replace(
    '</form>',
    '<button type="submit" name="logout" value="yes">Sign out of the demo sign-in</button></form>',
  );
  return page(
    'Sign out',
    `<h1>Signing out</h1>${demoNotice}${autoSubmit}
<script>document.querySelector('button[name=logout]').click()</script>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out', `<h1>Signed out</h1>${demoNotice}<p>You have been signed out.</p>`);
}

export function errorPage(out: object): string {
  const lines = Object.entries(out)
    .map(([key, value]) => `<p><strong>${html(key)}</strong>: ${html(String(value))}</p>`)
    .join('');
  return page('Sign-in error', `<h1>Sign-in error</h1>${demoNotice}${lines}`);
}
