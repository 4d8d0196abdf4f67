import { BullMQOtel } from 'bullmq-otel';
import { tracingOn } from './state.js';

/**
 * BullMQ's telemetry for the queues the outbox relay publishes with: each add is a producer span
 * in the trace of the outbox row, and puts that context in the job (its telemetry metadata), which
 * `runJob` continues. Undefined without tracing. Workers are given none: BullMQ would make a trace
 * of every poll for the next job.
 */
export function queueTelemetry(): BullMQOtel | undefined {
  return tracingOn() ? new BullMQOtel('@portal/queue') : undefined;
}
