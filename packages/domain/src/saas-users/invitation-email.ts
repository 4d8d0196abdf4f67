import { oneLine } from './invitation.js';

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

// Names are set into lines the portal writes: one line each, whatever was stored (an invitation
// stored before the inviter's name came from their own record may hold line breaks).
const inviterOf = (input: { inviterName: string }) => oneLine(input.inviterName) || 'Your administrator';

/** The subject alone: it holds no link, so it may be recorded before the link's token is drawn. */
export function invitationSubject(input: { inviterName: string; tenantName: string }): string {
  return `${inviterOf(input)} invited you to ${oneLine(input.tenantName)} on the Partner Portal`;
}

export function invitationEmail(input: InvitationEmailInput): { subject: string; text: string } {
  const inviter = inviterOf(input);
  const tenantName = oneLine(input.tenantName);
  return {
    subject: invitationSubject(input),
    text: [
      `${inviter} invited you to join ${tenantName} on the Partner Portal.`,
      '',
      'To accept, open this link and sign in with this e-mail address:',
      input.link,
      '',
      `The link can be used once and expires on ${expiryText(input.expiresAt)}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}
