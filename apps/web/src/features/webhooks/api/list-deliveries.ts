import { WebhookDeliveryListSchema, type WebhookDeliveryList } from '@tenantry/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { hasPending } from '../lib/delivery-view.ts';
import { webhookKeys } from './webhook-keys.ts';

export const DELIVERIES_PAGE_SIZE = 20;
/** While a delivery is pending, the log asks again this often. */
export const PENDING_POLL_MS = 2_000;

/** GET /api/v1/webhooks/{id}/deliveries: one keyset page, newest first. */
export function fetchDeliveries(
  id: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  const qs = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE) });
  if (cursor) qs.set('cursor', cursor);
  return apiFetch(`/api/v1/webhooks/${encodeURIComponent(id)}/deliveries?${qs.toString()}`, {
    schema: WebhookDeliveryListSchema,
    signal,
  });
}

export const deliveriesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam, signal }) => fetchDeliveries(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    // Pending deliveries change by themselves (the server sends them): watch until they settle.
    refetchInterval: (query) => (hasPending(query.state.data?.pages) ? PENDING_POLL_MS : false),
  });

/** One endpoint's delivery log, page after page ("Load more"). */
export function useDeliveries(id: string) {
  return useInfiniteQuery(deliveriesQueryOptions(id));
}
