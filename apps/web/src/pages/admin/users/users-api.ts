// What the user administration calls answer: the types of the API's reply schemas.

export type { AdminUser } from '@portal/domain/api/users';

export const EXTERNAL_USERS_PATH = '/api/external-users';
export const userEditPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/edit`;
