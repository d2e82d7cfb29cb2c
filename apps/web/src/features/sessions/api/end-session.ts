import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { sessionKeys } from './session-keys.ts';

/** DELETE /api/v1/me/sessions/{id}: that browser is signed out on its next request. */
export function endSession(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
