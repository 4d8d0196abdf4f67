import addressparser from 'nodemailer/lib/addressparser';
import { isValidEmail } from './invitation.js';

// The address an invitation is sent to is read twice: here when it is stored, and by the mailer
// (nodemailer) when it writes the To: header. Both readings must be the same, so the mailer's own
// parser is asked too: `<img/src=x/onerror=alert(1)>@invited.demo` passed a loose check and the
// mailer read it as a display name "@invited.demo" and an address "img/src=x/onerror=alert(1)".
// Kept apart from invitation.ts so the SPA (which checks the shape as the user types) does not
// bundle the parser.

/**
 * The mailer reads `value` as exactly one mailbox, and that mailbox is `value`: an address equal to
 * the whole value leaves no room for a display name, a comment, a group or a second mailbox (a
 * second one needs a separator, which the first address, being the whole value, would then hold).
 */
export function readsAsOneAddress(value: string): boolean {
  const [first] = addressparser(value);
  return first?.address === value;
}

/** An address an invitation may be sent to: the plain form of isValidEmail, read by the mailer as itself. */
export function isInvitationAddress(value: string): boolean {
  const address = value.trim();
  return isValidEmail(address) && readsAsOneAddress(address);
}
