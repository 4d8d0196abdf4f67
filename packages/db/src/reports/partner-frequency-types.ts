import type { Expression } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db.js';

/** The frequency types a partner receives a category in, as a JSON array of { code, name } by code. */
export function partnerCategoryFrequencyTypes(
  db: Db,
  partnerId: Expression<number>,
  categoryCode: Expression<string>,
) {
  return jsonArrayFrom(
    db
      .selectFrom('partner_category_frequency_types as pcft')
      .innerJoin('frequency_types', 'frequency_types.code', 'pcft.frequency_type_code')
      .select(['frequency_types.code', 'frequency_types.name'])
      .where('pcft.partner_id', '=', partnerId)
      .where('pcft.category_code', '=', categoryCode)
      .orderBy('frequency_types.code'),
  );
}
