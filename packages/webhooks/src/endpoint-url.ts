// The endpoint URL a client registers, checked as written. Where its host leads is the resolver's
// question (resolve.ts), asked again at every delivery since DNS answers change.

export const MAX_ENDPOINT_URL_LENGTH = 2000;

export const ENDPOINT_URL_MESSAGES = {
  notAUrl: 'Enter the endpoint as a full URL, such as https://example.com/webhooks.',
  tooLong: 'The endpoint URL must be at most 2,000 characters.',
  notHttps: 'The endpoint must use https.',
  credentials: 'The endpoint URL must not carry credentials.',
} as const;

/** The message for the field `url` when `raw` cannot be an endpoint; undefined when it can. */
export function endpointUrlProblem(raw: unknown, options: { allowHttp: boolean }): string | undefined {
  if (typeof raw !== 'string') return ENDPOINT_URL_MESSAGES.notAUrl;
  if (raw.length > MAX_ENDPOINT_URL_LENGTH) return ENDPOINT_URL_MESSAGES.tooLong;
  const url = URL.parse(raw);
  if (url === null) return ENDPOINT_URL_MESSAGES.notAUrl;
  // Parsing can lengthen it (punycode, percent-encoding), and the parsed form is what is sent to.
  if (url.href.length > MAX_ENDPOINT_URL_LENGTH) return ENDPOINT_URL_MESSAGES.tooLong;
  const schemeAllowed = url.protocol === 'https:' || (options.allowHttp && url.protocol === 'http:');
  if (!schemeAllowed) return ENDPOINT_URL_MESSAGES.notHttps;
  if (url.username !== '' || url.password !== '') return ENDPOINT_URL_MESSAGES.credentials;
  return undefined;
}

/**
 * What the Add endpoint form says a URL may be, from the settings in force: https (or http too, where
 * WEBHOOK_ALLOW_HTTP allows it, as for the demo receiver of `npm start`), at a public address (or in
 * a range WEBHOOK_ALLOWED_RANGES opens).
 */
export function endpointUrlHelp(settings: { allowHttp: boolean; allowedRanges: readonly string[] }): string {
  const scheme = settings.allowHttp ? 'https, or http on this installation' : 'https only';
  const where =
    settings.allowedRanges.length === 0
      ? 'it must not resolve to a private, loopback or metadata address'
      : `it must resolve to a public address, or to one this installation allows: ${settings.allowedRanges.join(', ')}`;
  return `${scheme}; ${where}.`;
}
