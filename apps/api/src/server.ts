import { flushTraces } from '@portal/telemetry';
import { ConfigError, loadConfig } from './config.js';
import { exitOnSignal } from './shutdown.js';
import { startApi } from './start.js';

// The API process: configuration, database, Redis, HTTP, and a graceful stop on SIGTERM.
async function main() {
  const config = loadConfig();
  const api = await startApi(config);
  exitOnSignal(api.app.log, async () => {
    await api.drain(config.SHUTDOWN_DRAIN_MS);
    await api.close();
    await flushTraces();
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
