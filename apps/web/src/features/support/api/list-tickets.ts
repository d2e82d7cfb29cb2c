import { SupportTicketListSchema, type SupportStatus } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** GET /api/v1/support/tickets: the tickets the person may see, latest activity first. */
export const myTicketsQueryOptions = (status: SupportStatus | null) =>
  queryOptions({
    queryKey: supportKeys.myList(status),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/support/tickets${status ? `?status=${status}` : ''}`, {
        schema: SupportTicketListSchema,
        signal,
      }),
  });

export const useMyTickets = (status: SupportStatus | null) =>
  useQuery(myTicketsQueryOptions(status));
