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

/** A plausible email address: something@something.tld, no spaces, at most 320 characters. */
export function isValidEmail(value: string): boolean {
  const text = value.trim();
  return text.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

/**
 * Emails in the SaaS paths are base64 (standard or URL-safe, padding optional). Undefined when the
 * text is not base64 of a UTF-8 email.
 */
export function decodeBase64Email(encoded: string): string | undefined {
  const normal = encoded.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normal)) return undefined;
  const bare = normal.replace(/=+$/, '');
  if (bare.length % 4 === 1) return undefined;
  const padded = bare.padEnd(Math.ceil(bare.length / 4) * 4, '=');
  let text: string;
  try {
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return isValidEmail(text) ? text.trim() : undefined;
}

export function encodeBase64Email(email: string): string {
  const bytes = new TextEncoder().encode(email);
  return btoa(String.fromCharCode(...bytes));
}
