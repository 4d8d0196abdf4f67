// CSV downloads of SPEC.md §9. A cell starting with = + - @, a tab or a carriage return would be
// read as a formula by a spreadsheet, so it is prefixed with a single quote (OWASP's advice).

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the data rows, CRLF-separated as RFC 4180 writes them. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

export const EXTERNAL_USERS_CSV_HEADER = [
  'User Id',
  'First Name',
  'Last Name',
  'User Type',
  'Email',
  'Phone',
];

export type CsvUser = {
  userId: string;
  firstName: string;
  lastName: string;
  isExternalUser: boolean;
  email: string;
  phone: string | null;
};

export const userTypeLabel = (isExternalUser: boolean) => (isExternalUser ? 'External' : 'Internal');

export function externalUsersCsv(users: readonly CsvUser[]): string {
  return toCsv(
    EXTERNAL_USERS_CSV_HEADER,
    users.map((u) => [u.userId, u.firstName, u.lastName, userTypeLabel(u.isExternalUser), u.email, u.phone]),
  );
}

export const SAAS_USERS_CSV_HEADER = ['Email', 'Roles'];
export const INVITATIONS_CSV_HEADER = ['Email', 'Invitation', 'Invited Time', 'Invitation Expiry Time'];

/** SaaS users (SPEC.md §9): Email, and the role descriptions joined with a pipe. */
export function saasUsersCsv(
  users: readonly { emailAddress: string; roles: readonly { roleDescription: string }[] }[],
): string {
  return toCsv(
    SAAS_USERS_CSV_HEADER,
    users.map((u) => [u.emailAddress, u.roles.map((r) => r.roleDescription).join('|')]),
  );
}

/** Pending invitations (SPEC.md §9); times as MM/dd/yyyy HH:mm UTC. */
export function invitationsCsv(
  invitations: readonly {
    emailAddress: string;
    invitationUrl: string;
    invitationCreationTimeStamp: string;
    invitationExpirationTimeStamp: string;
  }[],
): string {
  return toCsv(
    INVITATIONS_CSV_HEADER,
    invitations.map((i) => [
      i.emailAddress,
      i.invitationUrl,
      utcDateTime(i.invitationCreationTimeStamp),
      utcDateTime(i.invitationExpirationTimeStamp),
    ]),
  );
}

/** MM/dd/yyyy HH:mm in UTC, the portal's date format with the time of day. */
export function utcDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
