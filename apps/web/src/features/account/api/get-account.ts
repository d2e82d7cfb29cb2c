import { AccountSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountKeys } from './account-keys.ts';

export const accountQueryOptions = queryOptions({
  queryKey: accountKeys.current(),
  queryFn: ({ signal }) => apiFetch('/api/v1/account', { schema: AccountSchema, signal }),
});

/** GET /api/v1/account: the session's account, my role and what it may do. */
export function useAccount() {
  return useQuery(accountQueryOptions);
}
