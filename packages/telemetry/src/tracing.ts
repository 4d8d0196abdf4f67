import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_DB_QUERY_TEXT, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { SamplerName, TelemetrySettings } from './settings.js';
import { markTracingOn } from './state.js';

export type Tracing = {
  provider: NodeTracerProvider;
  /** Exports what is buffered (tests, and a process about to exit). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
};

function sampler(name: SamplerName, ratio: number): Sampler {
  const root = name.endsWith('traceidratio')
    ? new TraceIdRatioBasedSampler(ratio)
    : name.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * The characters of a statement's text a span keeps. The portal's statements are long (the session
 * check alone is 1,600 characters, with its json_agg columns) and the same on every request: in full
 * they were most of the bytes exported (a reports list request, 5.4 KB of spans; 2.8 KB bounded),
 * and the exporter encodes them character by character. The start names the statement; a prepared
 * one is named by `db.postgresql.plan` as well.
 */
export const STATEMENT_TEXT_LIMIT = 256;

/** The statement's text, cut with '...': ASCII, which the exporter encodes the fast way. */
export function boundedStatement(text: string): string {
  return text.length > STATEMENT_TEXT_LIMIT ? `${text.slice(0, STATEMENT_TEXT_LIMIT)}...` : text;
}

// Probes and scrapes come every few seconds from machines, not people: they would drown the traces.
const UNTRACED_PATHS = /^\/(healthz|readyz|metrics)(\?|$)/;

/**
 * Registers the tracer provider (AsyncLocalStorage context, W3C trace context) and the
 * instrumentations of Fastify, pg, ioredis and pino. Run before those modules are imported (the
 * register files, by `node --import`). pg and ioredis make spans only inside a span: the relay's and
 * BullMQ's polling make no traces of their own.
 */
export function startTracing(settings: TelemetrySettings): Tracing {
  const exporter =
    settings.protocol === 'http/json'
      ? new JsonExporter({ url: settings.tracesUrl })
      : new ProtobufExporter({ url: settings.tracesUrl });
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ ...settings.resourceAttributes, [ATTR_SERVICE_NAME]: settings.serviceName }),
    ),
    sampler: sampler(settings.sampler, settings.samplerRatio),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // The request and its handler, not a span per hook: the hooks' spans made a list request
      // cost half again its CPU (scripts/bench/tracing.ts) and say little the SQL spans do not.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: ({ url }) => UNTRACED_PATHS.test(url),
      }),
      // Taking a pooled connection is no span: it is one per statement, and the statement says it.
      new PgInstrumentation({
        requireParentSpan: true,
        ignoreConnectSpans: true,
        requestHook: (span, { query }) => {
          if (query.text.length > STATEMENT_TEXT_LIMIT) {
            span.setAttribute(ATTR_DB_QUERY_TEXT, boundedStatement(query.text));
          }
        },
      }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      // trace_id and span_id on every line written inside a span; the lines stay on stdout only.
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  // A collector away loses spans, never the process: export errors stay with the SDK's own log.
  const flush = () => provider.forceFlush().catch(() => {});
  markTracingOn(flush);
  return {
    provider,
    flush,
    shutdown: () => provider.shutdown().catch(() => {}),
  };
}
