import { connect, migrateToLatest } from '@portal/db';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

// The API process: configuration, database, Redis, HTTP, and a graceful stop on SIGTERM.
async function main() {
  const config = loadConfig();
  const database = connect({ databaseUrl: config.DATABASE_URL, dataDir: config.PGLITE_DIR });
  await migrateToLatest(database.db);
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', () => {});
  await redis.connect().catch(() => {});

  const app = await buildApp({ config, database, queuePing: () => redis.ping(), redis });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    await app.close();
    redis.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
