import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// What a batch of the operational forms records (issue 14): its status, the instant it was due
// and whether it ran late, its file and checksum, and for disputes the total amount in cents.
// Records point at their batch; history and the batch file read them by it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table invoice_batches
      add column status text not null default 'completed' check (status in ('running', 'completed')),
      add column scheduled_for timestamptz,
      add column late boolean not null default false,
      add column storage_key text,
      add column checksum_sha256 text;
    alter table dispute_batches
      add column status text not null default 'completed' check (status in ('running', 'completed')),
      add column scheduled_for timestamptz,
      add column late boolean not null default false,
      add column total_cents bigint not null default 0,
      add column checksum_sha256 text;
    create index customer_invoice_requests_batch_id on customer_invoice_requests (batch_id);
    create index disputes_batch_id on disputes (batch_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    drop index disputes_batch_id;
    drop index customer_invoice_requests_batch_id;
    alter table dispute_batches drop column status, drop column scheduled_for, drop column late,
      drop column total_cents, drop column checksum_sha256;
    alter table invoice_batches drop column status, drop column scheduled_for, drop column late,
      drop column storage_key, drop column checksum_sha256;
  `,
  );
}
