import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, thoughtSpotConsumerRole } from '@portal/domain';
import type { AllSaasUsersReply, RolesReply } from '@portal/domain/api/tenants';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { put } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';
import { useSubmit } from '../../lib/use-submit.js';
import { chosenRoleIds, RoleFields } from './RoleFields.js';
import { allUsersPath, rolesPath, rolesUpdatePath } from './saas-api.js';
import { useFlash } from './use-flash.js';
import { NoticeAlert } from './use-notice.js';
import { useTenantName } from './use-tenant-name.js';

/** 'Update User Role': one external role and the ThoughtSpot box, preset from the user's roles. */
export default function SaasEditRolesPage() {
  const params = useParams();
  const tenantId = params.tenantId ?? '';
  const tenantName = useTenantName(tenantId);
  const { data: roles } = useApi<RolesReply>(rolesPath(tenantId));
  const { data: users } = useApi<AllSaasUsersReply>(allUsersPath(tenantId));
  const user = users?.find((u) => u.userId === params.userId);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [isThoughtSpotUser, setThoughtSpotUser] = useState(false);
  const { busy, submit: send } = useSubmit();
  const backTo = pathOf('saasUsers', params);
  const { flash, setFlash } = useFlash(backTo);

  useEffect(() => {
    if (!user) return;
    setRoleId(user.roles.find((r) => r.rank !== null)?.roleId ?? null);
    setThoughtSpotUser(thoughtSpotConsumerRole(user.roles) !== undefined);
  }, [user]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!roles || !user || roleId === null || !roles.some((r) => r.roleId === roleId)) {
      setFlash({ color: 'red', text: MESSAGES.selectRole });
      return;
    }
    const roleIds = chosenRoleIds(roles, roleId, isThoughtSpotUser);
    await send(() => put(rolesUpdatePath(tenantId, user, isThoughtSpotUser), roleIds), {
      done: () => setFlash({ color: 'green', text: MESSAGES.rolesUpdated }),
      failed: (error) =>
        setFlash({ color: 'red', text: `${MESSAGES.rolesUpdateFailurePrefix}${(error as Error).message}` }),
    });
  }

  return (
    <PageFrame trail={['tenants', { page: 'saasUsers', label: tenantName }]}>
      <NoticeAlert notice={flash} />
      {!roles || !users ? (
        <CenteredLoader />
      ) : !user ? (
        <EmptyState />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack maw={480}>
            <Text>
              <strong>{user.emailAddress}</strong>
            </Text>
            <RoleFields
              roles={roles}
              roleId={roleId}
              onRole={setRoleId}
              isThoughtSpotUser={isThoughtSpotUser}
              onThoughtSpot={setThoughtSpotUser}
            />
            <Group>
              <Button variant="default" component={Link} to={backTo}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={flash?.color === 'green'}>
                Update
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PageFrame>
  );
}
