import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** POST /api/v1/members/leave; afterwards every cached answer belongs to the old account. */
export function useLeaveAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/v1/members/leave', { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
