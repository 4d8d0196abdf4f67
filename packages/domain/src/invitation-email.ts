// The invitation e-mail: who invites, to which tenant, the link and until when it works.

export type InvitationEmailInput = {
  inviterName: string;
  tenantName: string;
  link: string;
  expiresAt: Date;
};

const expiryText = (at: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
};

export function invitationEmail(input: InvitationEmailInput): { subject: string; text: string } {
  const inviter = input.inviterName.trim() || 'Your administrator';
  return {
    subject: `${inviter} invited you to ${input.tenantName} on the Partner Portal`,
    text: [
      `${inviter} invited you to join ${input.tenantName} on the Partner Portal.`,
      '',
      'To accept, open this link and sign in with this e-mail address:',
      input.link,
      '',
      `The link can be used once and expires on ${expiryText(input.expiresAt)}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}
