import { SHARE_ROLES, type Share, type ShareRole } from '@tenantry/shared';
import { Badge, Select } from '@mantine/core';
import { useChangeShareRole } from '../api/change-share-role.ts';
import { t } from '../messages.ts';

/** A share role's name. */
export const shareRoleLabel = (role: ShareRole): string =>
  ({ viewer: t('role.viewer'), contributor: t('role.contributor') })[role];

/** The roles, as a select's options. */
export const shareRoleOptions = () =>
  SHARE_ROLES.map((r) => ({
    value: r,
    label: shareRoleLabel(r),
  }));

/** The role of a share: a select for those who may manage sharing, a badge for the others. */
export function ShareRoleSelect({
  share,
  canManage,
  onError,
}: {
  share: Share;
  canManage: boolean;
  onError: (err: unknown) => void;
}) {
  const change = useChangeShareRole();
  if (!canManage) return <Badge variant="light">{shareRoleLabel(share.role)}</Badge>;
  return (
    <Select
      aria-label={t('table.roleOf', { email: share.email })}
      data={shareRoleOptions()}
      value={share.role}
      allowDeselect={false}
      disabled={change.isPending}
      size="xs"
      w={150}
      onChange={(value) => {
        if (!value || value === share.role) return;
        change.mutate({ id: share.id, role: value as ShareRole }, { onError });
      }}
    />
  );
}
