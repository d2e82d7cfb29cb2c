import {
  SupportTicketDetailSchema,
  type CreateSupportTicket,
  type SupportTicketDetail,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** POST /api/v1/support/tickets: opens a ticket with its first message. */
export function createTicket(input: CreateSupportTicket): Promise<SupportTicketDetail> {
  return apiFetch('/api/v1/support/tickets', {
    method: 'POST',
    body: input,
    schema: SupportTicketDetailSchema,
  });
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: async (ticket) => {
      qc.setQueryData(supportKeys.myTicket(ticket.id), ticket);
      await qc.invalidateQueries({ queryKey: supportKeys.myLists() });
    },
  });
}
