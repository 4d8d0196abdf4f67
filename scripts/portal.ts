// The embedded single-process portal that `npm start` runs when DATABASE_URL is unset: PGlite
// is single-connection and in-process, so the API and the workers share this process and its
// database handle. Each keeps its own start and stop; with DATABASE_URL they run apart.
import { ConfigError, loadConfig } from '@portal/api/config';
import { startApi } from '@portal/api/start';
import { connect, databaseIdentity, migrateToLatest, OlderDataDirError } from '@portal/db';
import { createBlobStore } from '@portal/storage';
import { loadWorkerConfig } from '@portal/workers/config';
import { startWorkers } from '@portal/workers/start-workers';
import pino from 'pino';
import { seedDemoData } from './seed.js';

async function main() {
  const loaded = loadConfig();
  const database = connect({ dataDir: loaded.PGLITE_DIR });
  await migrateToLatest(database.db);
  // A queue prefix belongs to one database. An embedded one is made anew by every fresh clone and
  // every deleted data/, so unless QUEUE_PREFIX names one it gets a prefix of its own, named by
  // its identity: a demo started afresh beside a Redis that kept the last one's jobs just works.
  const prefix = process.env.QUEUE_PREFIX || `{portal-${(await databaseIdentity(database.db)).slice(0, 8)}}`;
  const config = { ...loaded, QUEUE_PREFIX: prefix };
  const seeded = await seedDemoData(database.db, createBlobStore(config));
  if (seeded.applied) console.info(`portal: demo data loaded (${seeded.reports} report files)`);

  // The worker settings other than the database come from the same environment.
  const workerConfig = loadWorkerConfig({ ...process.env, DATABASE_URL: 'postgres://embedded/pglite' });
  const workers = await startWorkers({
    handle: database,
    redisUrl: workerConfig.redisUrl,
    prefix,
    queues: workerConfig.queues,
    mailConfig: workerConfig.mail,
    publicUrl: config.PUBLIC_URL,
    sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
    store: createBlobStore(config),
    operationsMailbox: workerConfig.operationsMailbox,
    subscriptionWindowSeconds: workerConfig.subscriptionWindowSeconds,
    webhooks: workerConfig.webhooks,
    retention: workerConfig.retention,
    logger: pino({ level: config.LOG_LEVEL, name: 'workers' }),
    // Redis was away at start and another database holds the prefix: stop, as a start would have.
    onPrefixTaken: (error) => {
      console.error(`portal: ${error.message}`);
      process.exit(1);
    },
  });
  const api = await startApi(config, { database });
  console.info(
    `portal: listening on ${config.PUBLIC_URL} (embedded PGlite in ${config.PGLITE_DIR}, queue prefix ${prefix})`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await api.close();
    await workers.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  // Both say what to do: no stack trace.
  const known = error instanceof ConfigError || error instanceof OlderDataDirError;
  console.error(known ? `portal: ${error.message}` : error);
  process.exit(1);
});
