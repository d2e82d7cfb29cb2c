import { SupportTicketListSchema, type SupportQueueQuery } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

export type QueueFilters = Partial<SupportQueueQuery>;

export function queueSearch(filters: QueueFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** GET /api/v1/service/support/tickets: the queue across accounts (system admins). */
export const queueQueryOptions = (filters: QueueFilters) =>
  queryOptions({
    queryKey: supportKeys.queue(filters),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/service/support/tickets${queueSearch(filters)}`, {
        schema: SupportTicketListSchema,
        signal,
      }),
  });

export const useQueue = (filters: QueueFilters) => useQuery(queueQueryOptions(filters));
