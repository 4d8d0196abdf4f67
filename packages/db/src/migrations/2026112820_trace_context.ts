import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// The trace context carried across Postgres (OpenTelemetry, W3C traceparent): the outbox row keeps
// the context of the span that wrote it, so the relay's publish and the job continue its trace; a
// subscription's pending report and a webhook delivery keep the context of the fan-out that made
// them, so the mail and every attempt (retries hours later included) join that trace. Each attempt
// keeps its own trace id, which the delivery log shows. Null where tracing is off.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table outbox add column traceparent text;
    alter table report_subscription_items add column traceparent text;
    alter table webhook_deliveries add column traceparent text;
    alter table webhook_delivery_attempts add column trace_id text;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table webhook_delivery_attempts drop column trace_id;
    alter table webhook_deliveries drop column traceparent;
    alter table report_subscription_items drop column traceparent;
    alter table outbox drop column traceparent;
  `,
  );
}
