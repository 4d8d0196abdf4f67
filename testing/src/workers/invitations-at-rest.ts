import type { Database } from '@portal/db';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';

// Where an invitation link's token must not be once its mail is out (issue 23): the outbox rows in
// Postgres, and anything BullMQ keeps in Redis (job hashes with their data and failure, the sets of
// completed, failed and delayed ids, the event streams).

/** An accept link with a token in it, in any text. */
export const TOKEN_IN_LINK = /accept\?token=[A-Za-z0-9_-]{8,}/;

/** Every outbox row's job name, job id and payload, one row a line. */
export async function outboxText(db: Kysely<Database>): Promise<string> {
  const rows = await db
    .selectFrom('outbox')
    .select(['job_name', 'job_id', sql<string>`payload::text`.as('payload')])
    .execute();
  return rows.map((row) => `${row.job_name} ${row.job_id} ${row.payload}`).join('\n');
}

/** Every key under a BullMQ prefix with all it holds, whatever its type, as one text. */
export async function redisText(redisUrl: string, prefix: string): Promise<{ keys: string[]; text: string }> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
    for await (const batch of redis.scanStream({ match: pattern, count: 500 }))
      keys.push(...(batch as string[]));
    const parts: string[] = [];
    for (const key of keys.sort()) {
      const type = await redis.type(key);
      const value =
        type === 'hash'
          ? await redis.hgetall(key)
          : type === 'string'
            ? await redis.get(key)
            : type === 'list'
              ? await redis.lrange(key, 0, -1)
              : type === 'set'
                ? await redis.smembers(key)
                : type === 'zset'
                  ? await redis.zrange(key, 0, -1)
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : null;
      parts.push(`${key} ${type} ${JSON.stringify(value)}`);
    }
    return { keys, text: parts.join('\n') };
  } finally {
    redis.disconnect();
  }
}
