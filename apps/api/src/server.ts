import { ConfigError, loadConfig } from './config.js';
import { startApi } from './start.js';

// The API process: configuration, database, Redis, HTTP, and a graceful stop on SIGTERM.
async function main() {
  const config = loadConfig();
  const api = await startApi(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    await api.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
