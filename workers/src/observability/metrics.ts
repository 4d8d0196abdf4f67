import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What a worker process counts, for Prometheus (served by metrics-server.ts when METRICS_TOKEN
 * is set). Each process has its own registry: scrape every worker, sum in Prometheus.
 */
export class WorkerMetrics {
  readonly registry = new Registry();

  readonly jobDuration = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Time from a job attempt starting to its end, by queue, job name and outcome',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Job attempts that failed (each retry counts), by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  readonly lastSuccess = new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'Unix time of the last successful run of each job; `schedule` names the schedule a run belongs to (monitors, session purge, the invoices and disputes batches: batches.run by its kind)',
    labelNames: ['queue', 'job', 'schedule'] as const,
    registers: [this.registry],
  });

  readonly mailSent = new Counter({
    name: 'portal_mail_sent_total',
    help: 'mail.send jobs that completed (the message was accepted by the mail server, or already had been)',
    registers: [this.registry],
  });

  readonly mailFailed = new Counter({
    name: 'portal_mail_failed_total',
    help: 'mail.send attempts that failed (retried until their attempts run out)',
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'portal_webhook_attempts_total',
    help: 'Webhook deliveries tried (succeeded: a 2xx; failed: any other answer, or none) or refused without sending (endpoint or service account disabled, access lost)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookAttemptDuration = new Histogram({
    name: 'portal_webhook_attempt_duration_seconds',
    help: 'Time a webhook attempt took, from sending to the end of what is kept of the response',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly webhookInFlight = new Gauge({
    name: 'portal_webhook_in_flight',
    help: 'Webhook attempts in flight in this worker process (at most WEBHOOK_MAX_IN_FLIGHT)',
    registers: [this.registry],
  });
}
