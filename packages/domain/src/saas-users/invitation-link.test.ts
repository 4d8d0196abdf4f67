import { describe, expect, it } from 'vitest';
import { INVITATION_ACCEPT_PATH, invitationAcceptLink } from './invitation-link.js';

describe('invitationAcceptLink', () => {
  it('is the accept route of the portal with the token in the query', () => {
    expect(INVITATION_ACCEPT_PATH).toBe('/api/saas/invitations/accept');
    expect(invitationAcceptLink('https://portal.example', 'abc_-9')).toBe(
      'https://portal.example/api/saas/invitations/accept?token=abc_-9',
    );
  });
});
