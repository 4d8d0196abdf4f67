import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Webhook deliveries scheduled in Postgres, so that one receiver's outage costs only its own
// deliveries. A delivery is due at next_attempt_at; a worker claims it by setting claimed_until (a
// lease as long as one attempt may take), in a short transaction committed before the attempt, so
// no lock is held while a receiver answers; a worker that dies mid-attempt leaves the lease to run
// out and the delivery to be claimed again. first_due_at and round_attempts drive its retries and
// its giving up. An endpoint that keeps failing backs off as a whole: failing_since is when its run
// of failures began, and while next_probe_at is set only one probe at a time goes to it.
//
// Deliveries pending at the upgrade are due at once (jobs of the former queue that are still in
// Redis only make them due again), their give-up time counted from when they were made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table webhook_deliveries
      add column next_attempt_at timestamptz not null default now(),
      add column first_due_at timestamptz not null default now(),
      add column round_attempts integer not null default 0,
      add column claimed_until timestamptz;
    update webhook_deliveries set first_due_at = created_at, round_attempts = least(attempts, 14)
      where status = 'pending';
    -- The claim walks the endpoints that have pending deliveries (one index descent each, however
    -- long an endpoint's backlog) and takes each one's earliest due; the give-up sweep reads by age.
    create index webhook_deliveries_due on webhook_deliveries (endpoint_id, next_attempt_at)
      where status = 'pending';
    create index webhook_deliveries_first_due on webhook_deliveries (first_due_at)
      where status = 'pending';
    -- The attempts in flight of an endpoint, counted against its cap.
    create index webhook_deliveries_leased on webhook_deliveries (endpoint_id, claimed_until)
      where claimed_until is not null;

    alter table webhook_endpoints
      add column failing_since timestamptz,
      add column next_probe_at timestamptz,
      add column probe_failures integer not null default 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table webhook_endpoints drop column failing_since, drop column next_probe_at,
      drop column probe_failures;
    drop index webhook_deliveries_due, webhook_deliveries_first_due, webhook_deliveries_leased;
    alter table webhook_deliveries drop column next_attempt_at, drop column first_due_at,
      drop column round_attempts, drop column claimed_until;
  `,
  );
}
