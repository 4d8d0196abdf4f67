import type { AdminPartner } from '@portal/db';

// Replies of the admin routes in the vocabulary of SPEC.md §3 (no database ids).

export function partnerView(partner: AdminPartner) {
  return { type: partner.type, code: partner.code, name: partner.name, categories: partner.categories };
}
