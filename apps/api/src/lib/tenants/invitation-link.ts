import type { InvitationOutcome } from '@portal/domain';

/** The SPA page that says why an invitation link did not work (expired, deleted, used, ...). */
export const invitationStatusPage = (status: InvitationOutcome) => `/invitation?status=${status}`;
