import { EndedSessionsSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { sessionKeys } from './session-keys.ts';

/** POST /api/v1/me/sessions/end-others: every session but this one; answers how many. */
export function endOtherSessions(): Promise<{ ended: number }> {
  return apiFetch('/api/v1/me/sessions/end-others', {
    method: 'POST',
    schema: EndedSessionsSchema,
  });
}

export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
