import { needsHumanVerification, type Principal } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import { loginPathFor } from '../../api/api.js';
import { browser } from '../../lib/browser.js';
import { verifyHuman } from './human-verification.js';
import { reportPaths } from './reports-api.js';

// SPEC.md §4 Report download: verification for external users, then the file (or zip) as a
// blob, named from content-disposition. A refusal carries the server's message.

export class DownloadError extends Error {}

/** The file name of a content-disposition header: filename* (RFC 5987) first, then filename. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as Partial<Message>;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return `The download failed (${response.status}).`;
}

/** Downloads 1 to 3 reports; false when the human verification did not pass (nothing happens). */
export async function downloadReports(principal: Principal, reportIds: number[]): Promise<boolean> {
  if (needsHumanVerification(principal) && !(await verifyHuman())) return false;
  const response = await fetch(reportPaths.download(reportIds), {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'portal' },
  });
  // SPEC.md §4: an unauthenticated answer leads to the login page.
  if (response.status === 401) {
    browser.assign(loginPathFor(browser.here()));
    return false;
  }
  if (!response.ok) throw new DownloadError(await messageOf(response));
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), 'reports');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
