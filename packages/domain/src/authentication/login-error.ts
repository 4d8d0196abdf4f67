/** The login page shows its `error` query parameter with everything but letters, digits and spaces removed. */
export function sanitizeLoginError(raw: string | null | undefined): string {
  return (raw ?? '').replace(/[^A-Za-z0-9 ]/g, '');
}
