import { SubscriptionListSchema, type SubscriptionList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import type { SubscriptionFilters } from '../lib/subscriptions-view.ts';
import { serviceKeys } from './service-keys.ts';

export const SUBSCRIPTIONS_PAGE_SIZE = 50;

/** GET /api/v1/service/subscriptions: one keyset page and the totals. */
export function fetchSubscriptionPage(
  filters: SubscriptionFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SubscriptionList> {
  const qs = new URLSearchParams({
    status: filters.status,
    limit: String(SUBSCRIPTIONS_PAGE_SIZE),
  });
  if (filters.q) qs.set('q', filters.q);
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/service/subscriptions?${qs.toString()}`, {
    schema: SubscriptionListSchema,
    signal,
  });
}

export const subscriptionListQueryOptions = (filters: SubscriptionFilters) =>
  infiniteQueryOptions({
    queryKey: serviceKeys.subscriptionList(filters),
    queryFn: ({ pageParam, signal }) => fetchSubscriptionPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

/** Every account's subscription, page after page ("Load more"); the totals come with each page. */
export function useSubscriptionList(filters: SubscriptionFilters) {
  return useInfiniteQuery({
    ...subscriptionListQueryOptions(filters),
    placeholderData: (prev) => prev,
  });
}
