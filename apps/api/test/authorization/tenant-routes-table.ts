import { type RouteRow, route } from './matrix.js';
import { b64 } from './tenant-fixtures.js';

// SPEC.md §7 "SaaS users": MANAGE_EXTERNAL_USERS plus management of the tenant in the path. The
// rows act on tenant saas-mxa, which the tenant persona administers. Writes run persona by
// persona on one target, so after the admin's change the tenant persona meets its result: 409
// (already invited) and 404 (already deleted) there still show it passed the permission check.
// Tenant isolation (another tenant's ids) has its own table in test/saas-users/tenant-isolation.test.ts.

//                                                                       anon ext dash staff ops admin tenant svc
export const tenantRoutesTable: RouteRow[] = [
  route('GET /api/saas/tenant', '401 403 403 403 403 200 200 403'),
  route('GET /api/saas/role', '401 403 403 403 403 200 200 403', {
    query: (ids) => ({ tenantId: ids.tenantA }),
  }),
  route('GET /api/saas/user/:tenantId', '401 403 403 403 403 200 200 403', {
    params: (ids) => ({ tenantId: ids.tenantA }),
  }),
  route('GET /api/saas/user/:tenantId/all', '401 403 403 403 403 200 200 403', {
    params: (ids) => ({ tenantId: ids.tenantA }),
  }),
  route('GET /api/saas/user/:tenantId/invitations', '401 403 403 403 403 200 200 403', {
    params: (ids) => ({ tenantId: ids.tenantA }),
  }),
  route(
    'POST /api/saas/user/tenantId/:tenantId/tsUser/:isThoughtSpotUser/invite',
    '401 403 403 403 403 201 409 403',
    {
      params: (ids) => ({ tenantId: ids.tenantA, isThoughtSpotUser: 'false' }),
      body: { inviterName: 'Matrix', emailAddress: 'mx-new@mxa.example', userRoleIds: ['mx-store'] },
    },
  ),
  route(
    'PUT /api/saas/user/:tenantId/:userId/roles/tsUser/:isThoughtSpotUser/:emailEncoded',
    '401 403 403 403 403 200 200 403',
    {
      params: (ids) => ({
        tenantId: ids.tenantA,
        userId: ids.userToEdit,
        isThoughtSpotUser: 'true',
        emailEncoded: b64(ids.userToEdit),
      }),
      body: ['mx-corporate'],
    },
  ),
  route('DELETE /api/saas/user/:tenantId/:userId/email/:emailEncoded', '401 403 403 403 403 204 404 403', {
    params: (ids) => ({
      tenantId: ids.tenantA,
      userId: ids.userToDelete,
      emailEncoded: b64(ids.userToDelete),
    }),
  }),
  route('POST /api/saas/user/:tenantId/invitations/:invitationId/resend', '401 403 403 403 403 200 200 403', {
    params: (ids) => ({ tenantId: ids.tenantA, invitationId: ids.invitationToResend }),
  }),
  route(
    'DELETE /api/saas/user/:tenantId/invitations/:invitationId/email/:emailEncoded',
    '401 403 403 403 403 204 404 403',
    {
      params: (ids) => ({
        tenantId: ids.tenantA,
        invitationId: ids.invitationToDelete,
        emailEncoded: b64('mx-invited@mxa.example'),
      }),
    },
  ),
  // The link of an invitation e-mail: public; an unknown token goes to the page saying so.
  route('GET /api/saas/invitations/accept', '302 302 302 302 302 302 302 302', {
    query: { token: 'unknown' },
  }),
  // The invitation's page: its status for anyone with the id (the invitation itself only for the
  // tenant's administrators: test/saas-users/invitation-page.test.ts).
  route('GET /api/saas/invitations/:invitationId', '200 200 200 200 200 200 200 200', {
    params: (ids) => ({ invitationId: ids.invitationToResend }),
  }),
  // Signing in again after a mismatch: without this browser's ticket, back to the invitation's page.
  route('GET /api/saas/invitations/:invitationId/sign-in-again', '302 302 302 302 302 302 302 302', {
    params: (ids) => ({ invitationId: ids.invitationToResend }),
  }),
];
