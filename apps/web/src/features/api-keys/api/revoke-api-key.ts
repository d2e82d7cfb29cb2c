import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** DELETE /api/v1/api-keys/{id}: revokes the key (it stays in the list as revoked). */
export function revokeApiKey(id: string) {
  return apiFetch(`/api/v1/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
