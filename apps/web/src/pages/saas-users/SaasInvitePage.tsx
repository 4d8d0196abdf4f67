import { Button, Group, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { RolesReply } from '@portal/domain/api/tenants';
import { isValidEmail } from '@portal/domain/saas-users/invitation';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { post } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { useCurrentUser } from '../../auth/auth-context.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { pathOf } from '../../components/paths.js';
import { useSubmit } from '../../lib/use-submit.js';
import { chosenRoleIds, RoleFields } from './RoleFields.js';
import { invitePath, rolesPath } from './saas-api.js';
import { useFlash } from './use-flash.js';
import { NoticeAlert } from './use-notice.js';
import { useTenantName } from './use-tenant-name.js';

/** 'Invite a New User': an email and exactly one external role, the optional ThoughtSpot box. */
export default function SaasInvitePage() {
  const params = useParams();
  const tenantId = params.tenantId ?? '';
  const tenantName = useTenantName(tenantId);
  const { user } = useCurrentUser();
  const { data: roles } = useApi<RolesReply>(rolesPath(tenantId));
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [isThoughtSpotUser, setThoughtSpotUser] = useState(false);
  const { busy, submit: send } = useSubmit();
  const backTo = pathOf('saasUsers', params);
  const { flash, setFlash } = useFlash(backTo);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!roles || !isValidEmail(email) || roleId === null) {
      setFlash({ color: 'red', text: MESSAGES.inviteInvalid });
      return;
    }
    const body = {
      inviterName: `${user.firstName} ${user.lastName}`.trim(),
      emailAddress: email.trim(),
      userRoleIds: chosenRoleIds(roles, roleId, isThoughtSpotUser),
    };
    await send(() => post(invitePath(tenantId, isThoughtSpotUser), body), {
      done: () => setFlash({ color: 'green', text: MESSAGES.inviteSuccess }),
      failed: (error) =>
        setFlash({ color: 'red', text: `${MESSAGES.inviteFailurePrefix}${(error as Error).message}` }),
    });
  }

  return (
    <PageFrame trail={['tenants', { page: 'saasUsers', label: tenantName }]}>
      <NoticeAlert notice={flash} />
      {!roles ? (
        <CenteredLoader />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack maw={480}>
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
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
                Send Invitation
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PageFrame>
  );
}
