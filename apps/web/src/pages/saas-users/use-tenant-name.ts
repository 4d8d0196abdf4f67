import { tenantDisplayName } from '@portal/domain/tenant-roles';
import { useApi } from '../../api/swr.js';
import { type Tenant, tenantsPath } from './saas-api.js';

/** The tenant's display name (for headings and breadcrumbs), the id until it is known. */
export function useTenantName(tenantId: string): string {
  const { data } = useApi<Tenant[]>(tenantsPath);
  const tenant = data?.find((t) => t.tenantId === tenantId);
  return tenant ? tenantDisplayName(tenant.displayName) : tenantId;
}
