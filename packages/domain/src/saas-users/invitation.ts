// Invitations of tenant users (SPEC.md §3, §4): created, then accepted, expired or deleted. The
// link carries a random token; only its hash is stored.

export const DEFAULT_INVITATION_EXPIRY_DAYS = 7;

export type InvitationState = {
  expiresAt: Date;
  acceptedAt: Date | null;
  deletedAt: Date | null;
};

export type InvitationStatus = 'pending' | 'expired' | 'deleted' | 'used';

/** A deleted or used invitation says so even after its expiry: that is what the person did. */
export function invitationStatus(invitation: InvitationState, now: Date): InvitationStatus {
  if (invitation.deletedAt) return 'deleted';
  if (invitation.acceptedAt) return 'used';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

export function invitationExpiry(createdAt: Date, days: number): Date {
  return new Date(createdAt.getTime() + days * 86_400_000);
}

/** The signed-in identity's verified email must be the invited address, compared case-insensitively. */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What the acceptance page says for each outcome; the parameter of /invitation?status=. */
export const INVITATION_OUTCOME_MESSAGES = {
  expired: 'This invitation has expired. Please ask your tenant administrator to send a new one.',
  deleted: 'This invitation was withdrawn by your tenant administrator.',
  used: 'This invitation has already been accepted.',
  mismatched:
    'This invitation was sent to a different email address. Please sign in with the address the invitation was sent to.',
  invalid: 'This invitation link is not valid. Please use the link of your invitation email.',
} as const;

export type InvitationOutcome = keyof typeof INVITATION_OUTCOME_MESSAGES;

export const isInvitationOutcome = (value: string): value is InvitationOutcome =>
  Object.hasOwn(INVITATION_OUTCOME_MESSAGES, value);

/**
 * What the invitation's page (/invitation/{id}) tells anyone who does not manage its tenant about a
 * pending invitation: what to do, never to whom it was sent.
 */
export const INVITATION_PENDING_MESSAGE =
  'This invitation is waiting to be accepted. The invited person accepts it with the link in their invitation email, which asks them to sign in. If the email is lost or its link no longer works, ask your tenant administrator to resend the invitation.';

/** When the sign-in-again offer has lapsed: the e-mail's link starts the sign-in again. */
export const INVITATION_SIGN_IN_AGAIN_LAPSED =
  'To sign in with the invited address, open the link in your invitation email again.';

/** What the person who accepted an invitation reads on arrival. */
export const joinedTenantMessage = (tenantName: string) => `You have joined ${tenantName}.`;

/**
 * Resend (issue 24) renews a pending invitation only: one that was deleted, accepted or has
 * expired is final (an expired one is invited again with the invite form).
 */
export const INVITATION_RESEND_REFUSALS: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  expired: 'This invitation has expired. Please invite the person again.',
  deleted: 'This invitation was deleted. Please invite the person again.',
  used: 'This invitation has already been accepted.',
};

// An address is local@domain: the local part is dot-separated atoms (RFC 5322 atext, and letters
// and digits of any script), the domain two or more host labels whose last is not all digits. No
// quoted local part, comment, display name, group or address literal: nothing a mail header would
// read as more than one plain address (spaces, controls, <>, quotes, commas, brackets, colons).
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
const EMAIL = new RegExp(`^(${ATOM}(?:\\.${ATOM})*)@(${LABEL}(?:\\.${LABEL})+)$`, 'u');

/** An email address of the plain form above (trimmed), local part at most 64, domain 255 characters. */
export function isValidEmail(value: string): boolean {
  const match = EMAIL.exec(value.trim());
  if (!match) return false;
  const [, local = '', domain = ''] = match;
  return (
    local.length <= 64 && domain.length <= 255 && !/^\d+$/.test(domain.slice(domain.lastIndexOf('.') + 1))
  );
}

/** Text as one line: every run of spaces, line breaks and other control or format characters is one space. */
export function oneLine(text: string): string {
  return text.replace(/[\p{C}\p{Z}\s]+/gu, ' ').trim();
}

/**
 * Who an invitation says invited: the signed-in user's own name (first and last), else their email,
 * else their user id, on one line. Never what the client sends: that would be the inviter's words
 * in an e-mail the portal signs.
 */
export function inviterNameOf(user: { firstName: string; lastName: string; email: string; userId: string }) {
  return oneLine(`${user.firstName} ${user.lastName}`) || oneLine(user.email) || oneLine(user.userId);
}

/**
 * Emails in the SaaS paths are base64 (standard or URL-safe, padding optional). Undefined when the
 * text is not base64 of a UTF-8 email.
 */
export function decodeBase64Email(encoded: string): string | undefined {
  // atob reads standard base64 with or without its padding; it would also skip white space, which
  // the pattern refuses. URL-safe letters are mapped to the standard ones first.
  const normal = encoded.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normal)) return undefined;
  let text: string;
  try {
    const bytes = Uint8Array.from(atob(normal), (c) => c.charCodeAt(0));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return looksLikeEmail(text) ? text.trim() : undefined;
}

/**
 * An email in a path names a stored user or invitation, so any plausible one is looked up: a
 * member's address may predate the invite form's stricter rule.
 */
function looksLikeEmail(value: string): boolean {
  const text = value.trim();
  return text.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

export function encodeBase64Email(email: string): string {
  const bytes = new TextEncoder().encode(email);
  return btoa(String.fromCharCode(...bytes));
}
