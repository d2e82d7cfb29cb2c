import { SupportTicketDetailSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys, ticketPath } from './support-keys.ts';

/** GET /api/v1/support/tickets/{id}: the ticket and its thread (no internal notes). */
export const myTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: supportKeys.myTicket(id),
    queryFn: ({ signal }) =>
      apiFetch(ticketPath(id), { schema: SupportTicketDetailSchema, signal }),
  });

export const useMyTicket = (id: string) => useQuery(myTicketQueryOptions(id));
