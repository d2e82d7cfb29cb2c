import { SupportTicketDetailSchema, type SetSupportTicketStatus } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys, ticketPath } from './support-keys.ts';

/** PATCH /api/v1/support/tickets/{id}: the customer closes or reopens their ticket. */
export const setTicketStatus = (id: string, status: SetSupportTicketStatus['status']) =>
  apiFetch(ticketPath(id), {
    method: 'PATCH',
    body: { status },
    schema: SupportTicketDetailSchema,
  });

export function useSetTicketStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: SetSupportTicketStatus['status']) => setTicketStatus(id, status),
    onSuccess: async (ticket) => {
      qc.setQueryData(supportKeys.myTicket(id), ticket);
      await qc.invalidateQueries({ queryKey: supportKeys.myLists() });
    },
  });
}
