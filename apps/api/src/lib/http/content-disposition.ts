// The Content-Disposition of a download (RFC 6266): an ASCII `filename` for old clients and the
// exact name as UTF-8 in `filename*` (RFC 5987 / RFC 8187).

const RFC5987_EXTRA = /['()*]/g;

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    RFC5987_EXTRA,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Non-ASCII, quotes, backslashes and control characters become '_' in the fallback. */
function asciiFallback(value: string): string {
  return value.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
