import type { FieldProblem } from './field-problem.js';

// One rule for every piece of text the portal accepts (ISSUE 11): a NUL character or an unpaired
// UTF-16 surrogate is REFUSED, never stored and never silently replaced by U+FFFD. Postgres text
// cannot hold NUL, jsonb (the audit log) refuses both, and a name turned into U+FFFD is not what
// the user typed: refusing with the field named lets them correct it.

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

export const forbiddenCharacterMessage = (field: string) =>
  `${field} contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).`;

/** `partnerAccess[0].partnerCode`; the root of the value itself is `root`. */
function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * The first string (value or object key) of a parsed request part holding a forbidden character,
 * with its path, or null. Walks without recursion: a deeply nested body cannot exhaust the stack.
 */
export function findForbiddenText(value: unknown, root = ''): FieldProblem | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (hasForbiddenCharacter(current)) return problemAt(path || 'body');
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push({ value: current[i], path: childPath(path, i) });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const at = childPath(path, key);
        if (hasForbiddenCharacter(key)) return problemAt(at);
        pending.push({ value: child, path: at });
      }
    }
  }
  return null;
}

function problemAt(field: string): FieldProblem {
  return { field, message: forbiddenCharacterMessage(field) };
}
