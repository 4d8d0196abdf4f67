// Service accounts (operations): an id that names no service account (no user, or a person) is not
// found; a disabled one keeps its tokens refused, so it is issued no new one.

export const SERVICE_ACCOUNT_NOT_FOUND = 'Service account was not found.';
export const SERVICE_ACCOUNT_DISABLED = 'The service account is disabled.';

export function serviceAccountDecision(
  account: { disabledAt: Date | null } | undefined,
  action: 'read' | 'issue-token',
): 'allow' | 'not-found' | 'disabled' {
  if (account === undefined) return 'not-found';
  return action === 'issue-token' && account.disabledAt !== null ? 'disabled' : 'allow';
}
