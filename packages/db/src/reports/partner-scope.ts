import { ALL_PARTNERS } from '@portal/domain';
import type { PartnerScope } from '@portal/domain/admin/admin-partner';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../schema.js';

// The partner access filter of SPEC.md §6 as SQL: a partner is visible if the scope is 'all', or
// a grant names its access type with ALL or with its code (case-insensitively).

type WithPartners = Database & { p: Database['partners'] };

export function partnerInScope(eb: ExpressionBuilder<WithPartners, 'p'>, scope: PartnerScope) {
  if (scope === 'all') return sql<boolean>`true`;
  if (scope.length === 0) return sql<boolean>`false`;
  return eb.or(
    scope.map((grant) =>
      grant.partnerCode.toUpperCase() === ALL_PARTNERS
        ? eb('p.access_type_code', '=', grant.accessTypeCode.toUpperCase())
        : eb.and([
            eb('p.access_type_code', '=', grant.accessTypeCode.toUpperCase()),
            eb(sql<string>`lower(p.code)`, '=', grant.partnerCode.toLowerCase()),
          ]),
    ),
  );
}
