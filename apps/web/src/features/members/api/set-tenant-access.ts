import { MemberSchema, type SetTenantAccessInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

/** PUT /api/v1/members/{userId}/tenant-access */
export function useSetTenantAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, access }: { userId: string; access: SetTenantAccessInput }) =>
      apiFetch(`/api/v1/members/${encodeURIComponent(userId)}/tenant-access`, {
        method: 'PUT',
        body: access,
        schema: MemberSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
