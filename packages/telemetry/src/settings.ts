import { ConfigError, readEnv } from '@portal/process/env';
import { type Static, Type } from 'typebox';

// The standard OpenTelemetry variables the portal reads, spread into the API's and the workers'
// settings so that a wrong value stops the process like any other setting. The SDK is never left
// to read them itself: with no endpoint nothing is registered at all.

export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

export const PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

const httpUrl = { pattern: '^https?://[^\\s]+$' };

export const TelemetryEnv = {
  /** The collector's base URL; traces go to <it>/v1/traces. Unset (and no traces endpoint): no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String(httpUrl)),
  /** The full URL traces are posted to, when it is not <endpoint>/v1/traces. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(Type.String(httpUrl)),
  OTEL_EXPORTER_OTLP_PROTOCOL: Type.Optional(Type.String()),
  /** Overrides the process's own name (portal-api, portal-workers). */
  OTEL_SERVICE_NAME: Type.Optional(Type.String({ minLength: 1 })),
  OTEL_TRACES_SAMPLER: Type.Optional(Type.String()),
  OTEL_TRACES_SAMPLER_ARG: Type.Optional(Type.String()),
  /** key=value pairs, comma-separated, values percent-encoded (the OpenTelemetry format). */
  OTEL_RESOURCE_ATTRIBUTES: Type.Optional(Type.String()),
};
const TelemetryEnvSchema = Type.Object(TelemetryEnv);
export type TelemetryEnv = Static<typeof TelemetryEnvSchema>;

export type TelemetrySettings = {
  /** Where the exporter posts spans. */
  tracesUrl: string;
  protocol: Protocol;
  serviceName: string;
  sampler: SamplerName;
  /** The ratio of a traceidratio sampler, 0 to 1. */
  samplerRatio: number;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded; service.name is in serviceName. */
  resourceAttributes: Record<string, string>;
};

function problem(message: string): never {
  throw new ConfigError(`Invalid configuration: ${message}`);
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  return problem(`${name}: "${value}" is not supported; expected one of ${allowed.join(', ')}`);
}

/** OTEL_RESOURCE_ATTRIBUTES: `key=value,other=va%20lue`; an entry without a key or '=' is refused. */
export function parseResourceAttributes(list: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (list === undefined) return attributes;
  for (const entry of list.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const key = at > 0 ? entry.slice(0, at).trim() : '';
    if (key === '') problem(`OTEL_RESOURCE_ATTRIBUTES: "${entry.trim()}" is not key=value`);
    try {
      attributes[key] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      problem(`OTEL_RESOURCE_ATTRIBUTES: the value of "${key}" is not percent-encoded`);
    }
  }
  return attributes;
}

function samplerRatio(sampler: SamplerName, arg: string | undefined): number {
  if (!sampler.endsWith('traceidratio')) return 1;
  if (arg === undefined) return 1;
  const ratio = Number(arg);
  if (arg.trim() === '' || !Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    problem(`OTEL_TRACES_SAMPLER_ARG: "${arg}" is not a ratio between 0 and 1`);
  }
  return ratio;
}

function tracesUrl(env: TelemetryEnv): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * The tracing of a process named `defaultServiceName` (OTEL_SERVICE_NAME overrides it), or
 * undefined when no endpoint is set. Every variable is checked either way, so a typo fails the
 * start rather than the day someone sets the endpoint. Throws a ConfigError naming the variable.
 */
export function telemetrySettings(
  env: TelemetryEnv,
  defaultServiceName: string,
): TelemetrySettings | undefined {
  const protocol = oneOf(
    'OTEL_EXPORTER_OTLP_PROTOCOL',
    env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    PROTOCOLS,
  );
  const sampler = oneOf('OTEL_TRACES_SAMPLER', env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on', SAMPLERS);
  const ratio = samplerRatio(sampler, env.OTEL_TRACES_SAMPLER_ARG);
  const { 'service.name': namedInAttributes, ...resourceAttributes } = parseResourceAttributes(
    env.OTEL_RESOURCE_ATTRIBUTES,
  );
  const url = tracesUrl(env);
  if (url === undefined) return undefined;
  return {
    tracesUrl: url,
    protocol,
    serviceName: env.OTEL_SERVICE_NAME ?? namedInAttributes ?? defaultServiceName,
    sampler,
    samplerRatio: ratio,
    resourceAttributes,
  };
}

/** Reads and checks the OTEL_* variables of `env` alone (the register file, before the app's config). */
export function readTelemetrySettings(
  env: Readonly<Record<string, string | undefined>>,
  defaultServiceName: string,
): TelemetrySettings | undefined {
  return telemetrySettings(readEnv(TelemetryEnvSchema, env), defaultServiceName);
}
