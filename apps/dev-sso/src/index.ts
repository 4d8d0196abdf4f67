import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DevSsoAccount, accounts as demoAccounts } from './accounts.js';
import { handleInteraction } from './interactions.js';
import { createProvider, type DevSsoClient } from './provider.js';
import { errorPage } from './views.js';

export type { DevSsoAccount } from './accounts.js';
export { accounts } from './accounts.js';
export type { DevSsoClient } from './provider.js';

export type DevSsoOptions = {
  /** 0 picks a free port (tests). */
  port: number;
  /** Defaults to every interface, like the API. */
  host?: string | undefined;
  /** Defaults to http://localhost:<port>. */
  issuer?: string;
  clients: DevSsoClient[];
  accounts?: readonly DevSsoAccount[];
};

export type DevSso = { issuer: string; port: number; close(): Promise<void> };

const INTERACTION = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/;

/** Starts the demo OpenID Connect provider in this process. */
export async function startDevSso(options: DevSsoOptions): Promise<DevSso> {
  const accounts = options.accounts ?? demoAccounts;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = options.issuer ?? `http://localhost:${port}`;
  const provider = createProvider(issuer, options.clients, accounts);
  const callback = provider.callback();

  handle = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const match = INTERACTION.exec(path);
    if (!match) return callback(req, res);
    const action = match[2] === 'login' ? 'login' : match[2] === 'abort' ? 'abort' : 'show';
    handleInteraction(provider, accounts, req, res, action).catch((error: Error) => {
      if (res.headersSent) return res.end();
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(errorPage({ error: error.message }));
    });
  };

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
