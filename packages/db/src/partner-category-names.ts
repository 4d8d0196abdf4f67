import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

type Named = { p: Database['partners']; c: Database['report_categories'] };

/**
 * Joins the partner (as `p`) and the report category (as `c`) of the rows of `from` (its
 * `partner_id` and `category_code`) and selects their names, `partnerName` and `categoryName`:
 * monitors, their runs and subscriptions show both. The query goes on with `p` and `c` to select more.
 */
export function withPartnerAndCategoryNames<DB, TB extends keyof DB & string, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  from: TB,
): SelectQueryBuilder<DB & Named, TB | 'p' | 'c', O & { partnerName: string; categoryName: string }> {
  // Kysely cannot check a join on a table the caller names: the signature above says what it adds.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const untyped = query as unknown as SelectQueryBuilder<any, any, any>;
  return untyped
    .innerJoin('partners as p', 'p.partner_id', `${from}.partner_id`)
    .innerJoin('report_categories as c', 'c.code', `${from}.category_code`)
    .select(['p.name as partnerName', 'c.name as categoryName']);
}
