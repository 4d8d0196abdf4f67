import { LOGIN_NAME_COOKIE_MINUTES } from '@portal/domain';

export const LOGIN_NAME_COOKIE = 'loginName';

export function readLoginName(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LOGIN_NAME_COOKIE) return decodeURIComponent(value.join('='));
  }
  return '';
}

export function writeLoginName(loginName: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
  document.cookie = `${LOGIN_NAME_COOKIE}=${encodeURIComponent(loginName)}; Max-Age=${
    LOGIN_NAME_COOKIE_MINUTES * 60
  }; Path=/; SameSite=Lax${secure}`;
}
