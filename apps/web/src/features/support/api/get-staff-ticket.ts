import { SupportTicketDetailSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffTicketApiPath, supportKeys } from './support-keys.ts';

/** GET /api/v1/service/support/tickets/{id}: the whole thread, internal notes included. */
export const staffTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: supportKeys.staffTicket(id),
    queryFn: ({ signal }) =>
      apiFetch(staffTicketApiPath(id), { schema: SupportTicketDetailSchema, signal }),
  });

export const useStaffTicket = (id: string) => useQuery(staffTicketQueryOptions(id));
