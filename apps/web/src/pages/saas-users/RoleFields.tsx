import { Checkbox, Radio, Stack } from '@mantine/core';
import { thoughtSpotConsumerRole } from '@portal/domain';
import type { SaasRole } from './saas-api.js';

type RoleFieldsProps = {
  /** The roles offered for the tenant (GET /api/saas/role?tenantId=): external ones by rank, then the consumer role. */
  roles: SaasRole[];
  roleId: string | null;
  onRole: (roleId: string) => void;
  isThoughtSpotUser: boolean;
  onThoughtSpot: (value: boolean) => void;
  error?: string | undefined;
};

/** Exactly one external role, and the optional ThoughtSpot consumer box (SPEC.md §5). */
export function RoleFields({
  roles,
  roleId,
  onRole,
  isThoughtSpotUser,
  onThoughtSpot,
  error,
}: RoleFieldsProps) {
  const external = roles.filter((r) => r.rank !== null);
  return (
    <Stack gap="sm">
      <Radio.Group label="Role" withAsterisk value={roleId} onChange={onRole} error={error}>
        <Stack gap="xs" mt="xs">
          {external.map((role) => (
            <Radio key={role.roleId} value={role.roleId} label={role.roleDescription} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label="ThoughtSpot consumer"
        description="Also give the user the ThoughtSpot consumer role (dashboards)."
        checked={isThoughtSpotUser}
        onChange={(event) => onThoughtSpot(event.currentTarget.checked)}
      />
    </Stack>
  );
}

/** The role ids sent: the chosen external role, and the consumer role when ticked. */
export function chosenRoleIds(roles: SaasRole[], roleId: string, isThoughtSpotUser: boolean): string[] {
  const consumer = thoughtSpotConsumerRole(roles);
  return [roleId, ...(isThoughtSpotUser && consumer ? [consumer.roleId] : [])];
}
