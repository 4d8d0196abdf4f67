/**
 * A partner code as one plain key segment and file name: codes are data, and one such as '..' or
 * 'A/B' must never reach a path or a header as it is.
 */
export function safeSegment(partnerCode: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(partnerCode)
    ? partnerCode
    : `x-${Buffer.from(partnerCode, 'utf8').toString('hex').slice(0, 200)}`;
}
