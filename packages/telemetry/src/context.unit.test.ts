import { describe, expect, it } from 'vitest';
import { currentTraceparent, traceIdOf, traceIdOfJob } from './context.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('trace ids', () => {
  it('read a W3C traceparent, and nothing from a near miss', () => {
    expect(traceIdOf(`00-${TRACE}-00f067aa0ba902b7-01`)).toBe(TRACE);
    expect(traceIdOf(`00-${TRACE}-00f067aa0ba902b7-0`)).toBeNull();
    expect(traceIdOf(`00-${TRACE.slice(1)}-00f067aa0ba902b7-01`)).toBeNull();
    expect(traceIdOf(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeNull();
    expect(traceIdOf(`00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`)).toBeNull();
    expect(traceIdOf(null)).toBeNull();
    expect(traceIdOf(undefined)).toBeNull();
  });

  it("read a BullMQ job's telemetry metadata (bullmq-otel's carrier as JSON)", () => {
    expect(traceIdOfJob(JSON.stringify({ traceparent: `00-${TRACE}-00f067aa0ba902b7-01` }))).toBe(TRACE);
    expect(traceIdOfJob(JSON.stringify({}))).toBeNull();
    expect(traceIdOfJob('not json')).toBeNull();
    expect(traceIdOfJob(undefined)).toBeNull();
  });

  it('give no traceparent while tracing is off', () => {
    expect(currentTraceparent()).toBeNull();
  });
});
