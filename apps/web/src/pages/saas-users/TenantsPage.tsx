import { Anchor, Table } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { TenantsReply } from '@portal/domain/api/tenants';
import { sortTenantsByDisplayName } from '@portal/domain/saas-users/tenant-roles';
import { Link, Navigate } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { NoAccessMessage } from '../../components/NoAccessMessage.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';
import { tenantsPath } from './saas-api.js';

/** Select tenant (SPEC.md §2): sorted by display name without the portal suffix; one tenant goes straight in. */
export default function TenantsPage() {
  const { data } = useApi<TenantsReply>(tenantsPath);
  if (!data) return <CenteredLoader />;
  const tenants = sortTenantsByDisplayName(data);
  if (tenants.length === 1)
    return <Navigate replace to={pathOf('saasUsers', { tenantId: tenants[0]!.tenantId })} />;
  return (
    <PageFrame>
      {tenants.length === 0 ? (
        <NoAccessMessage message={MESSAGES.noTenantAccess} />
      ) : (
        <Table striped>
          <Table.Caption>Tenants you manage</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Tenant</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tenants.map((tenant) => (
              <Table.Tr key={tenant.tenantId}>
                <Table.Td>
                  <Anchor component={Link} to={pathOf('saasUsers', { tenantId: tenant.tenantId })}>
                    {tenant.displayName}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageFrame>
  );
}
