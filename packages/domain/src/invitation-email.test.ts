import { describe, expect, it } from 'vitest';
import { invitationEmail } from './invitation-email.js';

describe('invitation e-mail', () => {
  it('names the inviter, the tenant, the link and the expiry', () => {
    const mail = invitationEmail({
      inviterName: 'Tess Tenant',
      tenantName: 'Acme Stores',
      link: 'https://portal.example/api/saas/invitations/accept?token=abc',
      expiresAt: new Date('2026-11-30T14:05:00Z'),
    });
    expect(mail.subject).toBe('Tess Tenant invited you to Acme Stores on the Partner Portal');
    expect(mail.text).toContain('https://portal.example/api/saas/invitations/accept?token=abc');
    expect(mail.text).toContain('expires on 11/30/2026 14:05 UTC');
  });

  it('falls back to a generic inviter', () => {
    const mail = invitationEmail({ inviterName: ' ', tenantName: 'T', link: 'l', expiresAt: new Date(0) });
    expect(mail.subject.startsWith('Your administrator invited you')).toBe(true);
  });
});
