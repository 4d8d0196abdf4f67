import { readEnv } from '@portal/process/env';
import { Type } from 'typebox';

export const MetricsEnv = Type.Object({
  // The bearer token Prometheus sends; the same setting as the API's /metrics.
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9464 }),
});

export type MetricsSettings = { token: string; port: number } | undefined;

/**
 * METRICS_TOKEN turns a worker's /metrics on (Prometheus sends it as a bearer token); without it
 * there is no metrics port at all. METRICS_PORT (default 9464) is where it listens.
 */
export function loadMetricsSettings(env: NodeJS.ProcessEnv = process.env): MetricsSettings {
  const settings = readEnv(MetricsEnv, env);
  return settings.METRICS_TOKEN ? { token: settings.METRICS_TOKEN, port: settings.METRICS_PORT } : undefined;
}
