import { ServiceAccountPageSchema, type ServiceAccountPage } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { apiQuery, type AccountFilters } from '../lib/accounts-view.ts';
import { accountKeys } from './account-keys.ts';

export const ACCOUNTS_PAGE_SIZE = 50;

/** GET /api/v1/service/accounts: one keyset page, newest first. */
export function fetchServiceAccountPage(
  filters: AccountFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ServiceAccountPage> {
  const qs = apiQuery(filters);
  qs.set('limit', String(ACCOUNTS_PAGE_SIZE));
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/service/accounts?${qs.toString()}`, {
    schema: ServiceAccountPageSchema,
    signal,
  });
}

export const serviceAccountsQueryOptions = (filters: AccountFilters) =>
  infiniteQueryOptions({
    queryKey: accountKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchServiceAccountPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

/** Every account, page after page ("Load more"). */
export function useServiceAccounts(filters: AccountFilters) {
  return useInfiniteQuery({
    ...serviceAccountsQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
