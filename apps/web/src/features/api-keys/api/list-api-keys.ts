import { ApiKeyListSchema, type Account } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { apiKeyKeys } from './api-key-keys.ts';

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeyKeys.list(),
  queryFn: ({ signal }) => apiFetch('/api/v1/api-keys', { schema: ApiKeyListSchema, signal }),
});

/** Whether the member creates and revokes the account's API keys (owners and admins). */
export function canManageApiKeys(account: Pick<Account, 'permissions'> | undefined): boolean {
  return account?.permissions.includes('apiKeys.manage') ?? false;
}

/**
 * GET /api/v1/api-keys; not asked without `apiKeys.manage` (a member would get a 403). On a
 * plan without the API it fails with 402 `billing.feature_locked` (an upgrade prompt).
 */
export function useApiKeys(account: Pick<Account, 'permissions'> | undefined) {
  return useQuery({ ...apiKeysQueryOptions, enabled: canManageApiKeys(account) });
}
