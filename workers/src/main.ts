import { connect } from '@portal/db';
import pino from 'pino';
import { ConfigError, loadWorkerConfig } from './config.js';
import { startWorkers } from './start-workers.js';

// The standalone worker process. The API (or the start script) migrates; workers only connect.
async function main() {
  const config = loadWorkerConfig();
  const logger = pino({ name: 'workers', level: config.logLevel });
  const handle = connect({ databaseUrl: config.databaseUrl });
  const workers = await startWorkers({
    handle,
    redisUrl: config.redisUrl,
    prefix: config.queuePrefix,
    queues: config.queues,
    mailConfig: config.mail,
    publicUrl: config.publicUrl,
    sessionIdleMinutes: config.sessionIdleMinutes,
    logger,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the jobs in hand');
    await workers.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
