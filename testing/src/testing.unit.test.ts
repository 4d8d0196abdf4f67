import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createServer as createTlsServer, connect as tlsConnect } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { databaseUrl, freePort, makeTestCertificates } from './index.js';

describe('databaseUrl', () => {
  it('names the database on the admin server, keeping its user, password, host, port and options', () => {
    expect(
      databaseUrl('portal_test_1', 'postgres://admin:secret@db.internal:6543/postgres?sslmode=disable'),
    ).toBe('postgres://admin:secret@db.internal:6543/portal_test_1?sslmode=disable');
  });

  it('replaces a database of the admin URL rather than adding to it', () => {
    expect(databaseUrl('other', 'postgres://postgres@127.0.0.1:5432/postgres')).toBe(
      'postgres://postgres@127.0.0.1:5432/other',
    );
  });
});

describe('freePort', () => {
  it('gives a port a server can listen on at once', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer().listen(port, '127.0.0.1');
    await once(server, 'listening');
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('makeTestCertificates', () => {
  it('makes a CA whose certificate a TLS client trusts for the names given, and for no other', async () => {
    const made = makeTestCertificates(['*.hooks.test', '127.0.0.1']);
    expect(readFileSync(made.caFile, 'utf8')).toBe(made.ca);
    const server = createTlsServer({ cert: made.cert, key: made.key }, (socket) => socket.end('ok'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    const handshake = (servername: string | undefined, ca: string[]) =>
      new Promise<string>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port, ca, ...(servername ? { servername } : {}) });
        socket.on('secureConnect', () => {
          resolve('trusted');
          socket.destroy();
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
    try {
      expect(await handshake('a.hooks.test', [made.ca])).toBe('trusted');
      expect(await handshake(undefined, [made.ca])).toBe('trusted');
      expect(await handshake('other.test', [made.ca])).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
      expect(await handshake('a.hooks.test', [makeTestCertificates(['x.test']).ca])).toBe(
        'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      );
    } finally {
      server.close();
    }
  });
});
