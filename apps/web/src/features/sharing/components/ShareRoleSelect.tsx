import { SHARE_ROLES, type Share, type ShareRole } from '@tenantry/shared';
import { Badge, Select } from '@mantine/core';
import { useChangeShareRole } from '../api/change-share-role.ts';

export const SHARE_ROLE_LABELS: Record<ShareRole, string> = {
  viewer: 'Viewer',
  contributor: 'Contributor',
};

export const SHARE_ROLE_OPTIONS = SHARE_ROLES.map((r) => ({
  value: r,
  label: SHARE_ROLE_LABELS[r],
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
  if (!canManage) return <Badge variant="light">{SHARE_ROLE_LABELS[share.role]}</Badge>;
  return (
    <Select
      aria-label={`Role of ${share.email}`}
      data={SHARE_ROLE_OPTIONS}
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
