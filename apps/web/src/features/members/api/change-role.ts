import { MemberSchema, type AccountRole } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { MEMBERS_QUERY_KEY } from './members.ts';

/** PATCH /api/v1/members/{userId} */
export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AccountRole }) =>
      apiFetch(`/api/v1/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
        schema: MemberSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
  });
}
