import { SecondFactorResetSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

/** POST /api/v1/members/{userId}/second-factors/reset (owners; docs/identity.md). */
export function useResetSecondFactors() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(`/api/v1/members/${encodeURIComponent(userId)}/second-factors/reset`, {
        method: 'POST',
        body: {},
        schema: SecondFactorResetSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.list() }),
  });
}
