import { AccountSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

export const ACCOUNT_QUERY_KEY = ['account'] as const;

export const accountQueryOptions = queryOptions({
  queryKey: ACCOUNT_QUERY_KEY,
  queryFn: ({ signal }) => apiFetch('/api/v1/account', { schema: AccountSchema, signal }),
});

/** GET /api/v1/account: the session's account, my role and what it may do. */
export function useAccount() {
  return useQuery(accountQueryOptions);
}
