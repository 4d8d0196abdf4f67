import type { Kysely } from 'kysely';
import { runScript } from './script.js';

// Customer invoice requests (end-of-day batch) and retailer disputes (8PM ET batch).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table invoice_batches (
      batch_id integer generated always as identity primary key,
      batch_date date not null unique,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      request_count integer not null default 0
    );

    create table customer_invoice_requests (
      record_id integer generated always as identity primary key,
      account_number text not null check (account_number ~ '^[0-9]{16}$'),
      start_date date not null,
      end_date date not null,
      batch_date date not null,
      batch_id integer references invoice_batches (batch_id),
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      check (start_date <= end_date)
    );
    create index customer_invoice_requests_batch on customer_invoice_requests (batch_date) where batch_id is null;

    create table dispute_batches (
      batch_id integer generated always as identity primary key,
      batch_date date not null unique,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      dispute_count integer not null default 0,
      storage_key text
    );

    create table disputes (
      record_id integer generated always as identity primary key,
      retailer text not null check (retailer ~ '^[a-z0-9-]+$'),
      message_type text not null check (message_type in ('claim-request', 'outcome-chargeback')),
      customer_id text not null check (customer_id ~ '^[0-9]+$'),
      bin text not null check (bin = '630220'),
      message_date date not null,
      dispute_reason_desc text not null,
      transaction_date date not null,
      last_four_card_num text not null check (last_four_card_num ~ '^[0-9]{4}$'),
      dispute_amount numeric(14, 2) not null check (dispute_amount >= 0),
      transaction_amount numeric(14, 2) not null check (transaction_amount >= 0),
      issuer_claim_id text not null check (btrim(issuer_claim_id) <> ''),
      issuer_claim_transaction_id text not null check (btrim(issuer_claim_transaction_id) <> ''),
      merchant_id text not null check (char_length(merchant_id) between 1 and 13),
      acquirer_ref_id text not null check (char_length(acquirer_ref_id) between 1 and 23),
      acquirer_claim_id text,
      chargeback_reference_id text,
      batch_date date not null,
      batch_id integer references dispute_batches (batch_id),
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      check (
        (message_type = 'outcome-chargeback' and acquirer_claim_id is not null and chargeback_reference_id is not null)
        or (message_type = 'claim-request' and acquirer_claim_id is null and chargeback_reference_id is null)
      )
    );
    create index disputes_batch on disputes (batch_date) where batch_id is null;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `drop table disputes, dispute_batches, customer_invoice_requests, invoice_batches;`);
}
