// Cookie-authenticated writes must prove they come from the portal's own pages: a cross-site page
// can send neither header (custom headers need CORS; Sec-Fetch-Site is set by the browser).
// A service account's token is sent on purpose, so token-authenticated calls are not checked.

export const CSRF_MESSAGE =
  'This request was refused: a signed-in change must come from the portal itself (X-Requested-With: portal).';

export type CsrfInput = {
  authenticatedBy: 'session' | 'token' | null;
  method: string;
  requestedWith: string | string[] | undefined;
  fetchSite: string | string[] | undefined;
};

export function isWriteMethod(method: string): boolean {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
}

export function comesFromPortal({
  requestedWith,
  fetchSite,
}: Pick<CsrfInput, 'requestedWith' | 'fetchSite'>): boolean {
  return (
    (typeof requestedWith === 'string' && requestedWith.toLowerCase() === 'portal') ||
    fetchSite === 'same-origin'
  );
}

/** Is this request refused (403) as a possible cross-site forgery? */
export function refusedAsCrossSite(input: CsrfInput): boolean {
  return input.authenticatedBy === 'session' && isWriteMethod(input.method) && !comesFromPortal(input);
}
