import { type Db, databaseIdentity } from '@portal/db';
import { ConfigError } from '@portal/process/env';
import type { Redis } from 'ioredis';

// A queue prefix belongs to one database. Its jobs carry ids of that database's rows: a portal on
// another database that shared the prefix would take them, find no such row and complete them as
// skipped (and its own jobs, numbered alike, would be refused as already done). So the API and the
// workers claim the prefix for their database at start, and refuse to start on a prefix another
// database holds.

/** The key naming the database a prefix belongs to; under the prefix, so it shares its cluster slot. */
export function prefixOwnerKey(prefix: string): string {
  return `${prefix}:database`;
}

/** Another database holds the prefix: the process says so and stops. */
export class QueuePrefixTaken extends ConfigError {
  constructor(prefix: string, holder: string, identity: string) {
    super(
      `QUEUE_PREFIX ${prefix} belongs to another database (${holder}; this one is ${identity}): two databases ` +
        `on one prefix take each other's jobs and lose them. Give this portal a QUEUE_PREFIX of its own, or, ` +
        `if that other database is gone for good, empty the prefix first: ` +
        `redis-cli --scan --pattern '${prefix}:*' | xargs -r redis-cli del`,
    );
    this.name = 'QueuePrefixTaken';
  }
}

/**
 * Claims `prefix` for the database `db` (the first claim wins and is kept), or throws
 * QueuePrefixTaken when another database holds it. Same database, same answer: a restart is fine.
 */
export async function claimQueuePrefix(redis: Redis, prefix: string, db: Db): Promise<void> {
  const identity = await databaseIdentity(db);
  const key = prefixOwnerKey(prefix);
  // Twice at most: a key emptied between the two calls (someone releasing the prefix) is set again.
  for (let attempt = 0; attempt < 2; attempt++) {
    await redis.set(key, identity, 'NX');
    const holder = await redis.get(key);
    if (holder === identity) return;
    if (holder !== null) throw new QueuePrefixTaken(prefix, holder, identity);
  }
  throw new Error(`QUEUE_PREFIX ${prefix}: its claim (${key}) was emptied twice while claiming it`);
}
