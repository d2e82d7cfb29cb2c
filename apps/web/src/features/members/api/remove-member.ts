import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

/** DELETE /api/v1/members/{userId} */
export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(`/api/v1/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
