import { CreatedApiKeySchema, type ApiKeyList, type CreateApiKey } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** POST /api/v1/api-keys: the answer carries the secret, the only time it is ever sent. */
export function createApiKey(input: CreateApiKey) {
  return apiFetch('/api/v1/api-keys', {
    method: 'POST',
    body: input,
    schema: CreatedApiKeySchema,
  });
}

/**
 * Creates a key. The list gets the key (never the secret); the secret stays only in the
 * mutation's result, which is dropped as soon as nothing shows it (`gcTime: 0`: the caller
 * calls `reset()` when the secret's dialog closes).
 */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: async ({ key }) => {
      qc.setQueryData<ApiKeyList>(apiKeyKeys.list(), (list) =>
        list ? { keys: [key, ...list.keys.filter((k) => k.id !== key.id)] } : list,
      );
      await qc.invalidateQueries({ queryKey: apiKeyKeys.list() });
    },
  });
}
