export { SpanKind, SpanStatusCode } from '@opentelemetry/api';
export {
  continueTrace,
  currentTraceId,
  currentTraceparent,
  runJob,
  type SpanOptions,
  startTrace,
  traceIdOf,
  traceIdOfJob,
} from './context.js';
export { queueTelemetry } from './queue-telemetry.js';
export {
  parseResourceAttributes,
  TelemetryEnv,
  type TelemetrySettings,
  telemetrySettings,
} from './settings.js';
export { flushTraces, tracingOn } from './state.js';
