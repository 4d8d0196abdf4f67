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

  it('writes names on one line, whatever was stored (issue 23)', () => {
    const mail = invitationEmail({
      inviterName: 'Tess\r\nBcc: x@evil.example',
      tenantName: 'Acme\nStores',
      link: 'https://portal.example/api/saas/invitations/accept?token=abc',
      expiresAt: new Date('2026-11-30T14:05:00Z'),
    });
    expect(mail.subject).toBe('Tess Bcc: x@evil.example invited you to Acme Stores on the Partner Portal');
    expect(mail.text.split('\n')[0]).toBe(
      'Tess Bcc: x@evil.example invited you to join Acme Stores on the Partner Portal.',
    );
    expect(mail.text.split('\n').filter((line) => line.startsWith('Bcc:'))).toEqual([]);
  });

  it('falls back to a generic inviter', () => {
    const mail = invitationEmail({ inviterName: ' ', tenantName: 'T', link: 'l', expiresAt: new Date(0) });
    expect(mail.subject.startsWith('Your administrator invited you')).toBe(true);
  });
});
