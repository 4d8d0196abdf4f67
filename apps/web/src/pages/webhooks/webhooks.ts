import type { WebhookEndpoint } from '@portal/domain/api/webhooks';

export const WEBHOOKS_PATH = '/api/admin/webhooks';

export const endpointPath = (endpoint: Pick<WebhookEndpoint, 'endpointId'>) =>
  `${WEBHOOKS_PATH}/${encodeURIComponent(endpoint.endpointId)}`;

/** 'EXT/BJS' keys of partners, as the form's options and the list show them. */
export const partnerKey = (p: { accessTypeCode: string; partnerCode: string }) =>
  `${p.accessTypeCode}/${p.partnerCode}`;

export function partnerOfKey(key: string): { accessTypeCode: string; partnerCode: string } {
  const [accessTypeCode = '', partnerCode = ''] = key.split('/');
  return { accessTypeCode, partnerCode };
}

/** MM/dd/yyyy HH:mm:ss in UTC, for the delivery log, where the time of an attempt matters. */
export function formatUtcTime(timestamp: string): string {
  const date = new Date(timestamp);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()} ${two(
    date.getUTCHours(),
  )}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC`;
}
