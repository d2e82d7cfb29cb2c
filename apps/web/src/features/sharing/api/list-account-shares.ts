import { ShareListSchema, type ShareList } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { shareKeys } from './share-keys.ts';

/** GET /api/v1/shares */
export function fetchAccountShares(signal?: AbortSignal): Promise<ShareList> {
  return apiFetch('/api/v1/shares', { schema: ShareListSchema, signal });
}

export const accountSharesQueryOptions = queryOptions({
  queryKey: shareKeys.account(),
  queryFn: ({ signal }) => fetchAccountShares(signal),
});

/** Every active share of the account, across its client tenants. */
export function useAccountShares() {
  return useQuery(accountSharesQueryOptions);
}
