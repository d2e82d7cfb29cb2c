import { MemberSchema, type AccountRole } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

/** PATCH /api/v1/members/{userId} */
export function useChangeMemberRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AccountRole }) =>
      apiFetch(`/api/v1/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
        schema: MemberSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
