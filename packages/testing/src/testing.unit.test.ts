import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { databaseUrl, freePort } from './index.js';

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
