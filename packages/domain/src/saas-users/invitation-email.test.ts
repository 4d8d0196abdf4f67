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

describe('the whole invitation e-mail (issue 26)', () => {
  it('is written word for word, with leading zeros in the expiry and a stand-in for no inviter name', () => {
    expect(
      invitationEmail({
        inviterName: ' \n ',
        tenantName: 'Acme',
        link: 'https://portal.example/accept?token=t',
        expiresAt: new Date('2027-01-02T03:04:59Z'),
      }),
    ).toEqual({
      subject: 'Your administrator invited you to Acme on the Partner Portal',
      text: [
        'Your administrator invited you to join Acme on the Partner Portal.',
        '',
        'To accept, open this link and sign in with this e-mail address:',
        'https://portal.example/accept?token=t',
        '',
        'The link can be used once and expires on 01/02/2027 03:04 UTC.',
        'If you did not expect this invitation, you can ignore this e-mail.',
      ].join('\n'),
    });
  });
});
