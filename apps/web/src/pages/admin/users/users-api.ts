import type { PartnerGrant } from '@portal/domain';
import type { ListReply } from '../list/use-admin-list.js';

// What the user administration calls answer (apps/api/src/routes/admin/users.ts).

export type AdminUser = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  commonId: string | null;
  isExternalUser: boolean;
  isInternalAdmin: boolean;
  features: string[];
  partners: { partnerAccess: PartnerGrant[] };
};
export type UserList = ListReply & { users: AdminUser[] };

export const EXTERNAL_USERS_PATH = '/api/external-users';
export const userEditPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/edit`;
