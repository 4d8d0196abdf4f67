import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { tracingOn } from './state.js';

// The portal's own spans and the trace context it carries across Postgres: the outbox row, a
// subscription's pending reports and a webhook delivery keep the W3C traceparent of the span that
// wrote them, and the work they cause later (in another process, hours later) continues that trace.

const tracer = () => trace.getTracer('@portal/telemetry');

/** The W3C traceparent of the active span ('00-<trace id>-<span id>-<flags>'), or null outside one. */
export function currentTraceparent(): string | null {
  if (!tracingOn()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The trace id of the active span, or null. */
export function currentTraceId(): string | null {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? span.traceId : null;
}

/** The trace id of a traceparent, or null when it is not one. */
export function traceIdOf(traceparent: string | null | undefined): string | null {
  const match = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent ?? '');
  return match && !/^0+$/.test(match[1]!) ? match[1]! : null;
}

/** The trace id a BullMQ job carries in its telemetry metadata (bullmq-otel's), or null. */
export function traceIdOfJob(metadata: string | undefined): string | null {
  if (!metadata) return null;
  try {
    return traceIdOf((JSON.parse(metadata) as { traceparent?: string }).traceparent);
  } catch {
    return null;
  }
}

export type SpanOptions = { kind?: SpanKind; attributes?: Attributes };

async function inSpan<T>(
  name: string,
  parent: typeof ROOT_CONTEXT,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      ...(options.attributes ? { attributes: options.attributes } : {}),
    },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Runs `fn` in a span that continues the trace of `traceparent` (written by an earlier span, in
 * this process or another). Without tracing, or without a traceparent, `fn` runs as it is: the work
 * makes no trace of its own.
 */
export async function continueTrace<T>(
  traceparent: string | null | undefined,
  name: string,
  fn: (span?: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  if (!tracingOn() || !traceIdOf(traceparent)) return fn();
  const parent = propagation.extract(ROOT_CONTEXT, { traceparent });
  return inSpan(name, parent, options, fn);
}

/**
 * Runs `fn` in a new trace of its own: scheduled work that found something to do (a tick that
 * finds nothing calls it not at all, and makes no trace).
 */
export async function startTrace<T>(
  name: string,
  fn: (span?: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  if (!tracingOn()) return fn();
  return inSpan(name, ROOT_CONTEXT, options, fn);
}

/**
 * Runs a BullMQ job's handler as a child of the span that published it (the relay's, whose context
 * bullmq-otel put in the job's telemetry metadata). A job without it (a scheduled one) runs as it is.
 */
export async function runJob<T>(
  metadata: string | undefined,
  job: { queue: string; name: string; id: string | undefined; attemptsMade: number },
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracingOn() || !metadata) return fn();
  let carrier: Record<string, string>;
  try {
    carrier = JSON.parse(metadata) as Record<string, string>;
  } catch {
    return fn();
  }
  const parent = propagation.extract(ROOT_CONTEXT, carrier);
  if (!trace.getSpanContext(parent)) return fn();
  return inSpan(
    `process ${job.queue}.${job.name}`,
    parent,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': job.queue,
        'messaging.message.id': job.id ?? '',
        'bullmq.job.name': job.name,
        'bullmq.job.attempts_made': job.attemptsMade,
      },
    },
    fn,
  );
}
