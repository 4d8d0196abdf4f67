import type { TenantsReply } from '@portal/domain/api/tenants';
import { tenantDisplayName } from '@portal/domain/saas-users/tenant-roles';
import { useApi } from '../../api/swr.js';
import { tenantsPath } from './saas-api.js';

/** The tenant's display name (for headings and breadcrumbs), the id until it is known. */
export function useTenantName(tenantId: string): string {
  const { data } = useApi<TenantsReply>(tenantsPath);
  const tenant = data?.find((t) => t.tenantId === tenantId);
  return tenant ? tenantDisplayName(tenant.displayName) : tenantId;
}
