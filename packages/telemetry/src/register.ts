import { register as registerModuleHooks } from 'node:module';
import { ConfigError } from '@portal/process/env';
import { register as registerSyncHooks, supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';
import { readTelemetrySettings } from './settings.js';
import { startTracing, type Tracing } from './tracing.js';

// The modules the instrumentations patch. The portal imports them as ES modules, which only a
// loader hook lets the instrumentations see (require hooks alone missed pino and ioredis).
const INSTRUMENTED = ['fastify', 'pg', 'ioredis', 'pino'];

/**
 * The register files' work: read the OTEL_* variables and, when an endpoint is set, start tracing
 * before the application's modules load. A wrong value stops the process here with the same message
 * its settings would give. Without an endpoint nothing is registered: no hook, no provider.
 */
export function registerTracing(
  defaultServiceName: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Tracing | undefined {
  let settings: ReturnType<typeof readTelemetrySettings>;
  try {
    settings = readTelemetrySettings(env, defaultServiceName);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (!settings) return undefined;
  if (supportsSyncHooks()) registerSyncHooks({ include: INSTRUMENTED });
  else registerModuleHooks('import-in-the-middle/hook.mjs', import.meta.url);
  const tracing = startTracing(settings);
  process.once('beforeExit', () => void tracing.shutdown());
  return tracing;
}
