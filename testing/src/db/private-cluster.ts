import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A Postgres server of its own (initdb + pg_ctl from the installed PostgreSQL), for tests and the
// fault suite that stop and restart Postgres: the shared server on 5432 is never touched.

export type PrivateCluster = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, local only). */
  url: string;
  /** The URL of another database of this cluster. */
  urlOf(database: string): string;
  /** 'fast' disconnects clients and stops cleanly; 'immediate' is a crash (recovery at start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes the cluster's folder. */
  destroy(): Promise<void>;
};

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  throw new Error(
    'No PostgreSQL binaries: install postgresql or set PG_BIN_DIR to the folder of initdb and pg_ctl',
  );
}

/** initdb refuses to run as root: as root, the cluster runs as the postgres user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...user, cwd: tmpdir() });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${errors}`)),
    );
  });
}

export async function startPrivateCluster(port: number): Promise<PrivateCluster> {
  const bin = binDir();
  const user = runAs();
  const dir = await mkdtemp(join(tmpdir(), 'portal-pgcluster-'));
  if (user) await chown(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  await run(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    user,
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start'], user);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop'], user);
  await start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url: urlOf('postgres'),
    urlOf,
    start,
    stop,
    async destroy() {
      await stop('immediate').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
