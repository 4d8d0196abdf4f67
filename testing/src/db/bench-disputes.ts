import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

/**
 * Benchmarks only: `count` pending disputes of one batch date, made by the database itself
 * (generate_series), half of them outcome chargebacks, amounts varying by row.
 */
export async function insertBenchDisputes(
  db: Kysely<Database>,
  count: number,
  batchDate: string,
): Promise<void> {
  await sql`
    insert into disputes (
      retailer, message_type, customer_id, bin, message_date, dispute_reason_desc, transaction_date,
      last_four_card_num, dispute_amount, transaction_amount, issuer_claim_id, issuer_claim_transaction_id,
      merchant_id, acquirer_ref_id, acquirer_claim_id, chargeback_reference_id, batch_date, created_by)
    select 'bjs',
      case when n % 2 = 0 then 'outcome-chargeback' else 'claim-request' end,
      (100000 + n)::text, '630220', ${batchDate}::date - 3, 'late presentment', ${batchDate}::date - 10,
      lpad((n % 10000)::text, 4, '0'), ((n % 50000) + 1) / 100.0, ((n % 50000) + 1) / 50.0,
      'IC-' || n, 'ICT-' || n, 'M' || (n % 1000000), 'ARN' || n,
      case when n % 2 = 0 then 'AC-' || n end, case when n % 2 = 0 then 'CB-' || n end,
      ${batchDate}::date, 'bench'
    from generate_series(1, ${count}) as n`.execute(db);
}
