import { connect } from '@portal/db';
import { flushTraces } from '@portal/telemetry';
import pino from 'pino';
import { ConfigError, loadWorkerConfig } from './config.js';
import { WorkerMetrics } from './observability/metrics.js';
import { startMetricsServer } from './observability/metrics-server.js';
import { loadMetricsSettings } from './observability/metrics-settings.js';
import { exitOnSignal } from './shutdown.js';
import { startWorkers } from './start-workers.js';

// The standalone worker process. The API (or the start script) migrates; workers only connect.
async function main() {
  const config = loadWorkerConfig();
  const metricsSettings = loadMetricsSettings();
  const logger = pino({ name: 'workers', level: config.logLevel });
  const handle = connect({ databaseUrl: config.databaseUrl });
  const metrics = new WorkerMetrics();
  const workers = await startWorkers({
    handle,
    redisUrl: config.redisUrl,
    prefix: config.queuePrefix,
    queues: config.queues,
    mailConfig: config.mail,
    publicUrl: config.publicUrl,
    sessionIdleMinutes: config.sessionIdleMinutes,
    operationsMailbox: config.operationsMailbox,
    subscriptionWindowSeconds: config.subscriptionWindowSeconds,
    webhooks: config.webhooks,
    retention: config.retention,
    logger,
    metrics,
    // Redis was away at start and another database holds the prefix: stop, as a start would have.
    onPrefixTaken: (error) => {
      console.error(error.message);
      process.exit(1);
    },
  });
  const metricsServer = metricsSettings
    ? await startMetricsServer({ registry: metrics.registry, ...metricsSettings })
    : undefined;
  if (metricsServer) logger.info({ port: metricsServer.port }, 'metrics at /metrics');

  exitOnSignal(logger, async () => {
    await workers.stop();
    await metricsServer?.close();
    await handle.close();
    await flushTraces();
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
