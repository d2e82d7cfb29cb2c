import { SupportTicketDetailSchema, type SupportReply } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys, ticketPath } from './support-keys.ts';

/** POST /api/v1/support/tickets/{id}/messages: the customer replies. */
export const replyToTicket = (id: string, input: SupportReply) =>
  apiFetch(ticketPath(id, '/messages'), {
    method: 'POST',
    body: input,
    schema: SupportTicketDetailSchema,
  });

export function useReplyToTicket(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportReply) => replyToTicket(id, input),
    onSuccess: async (ticket) => {
      await qc.cancelQueries({ queryKey: supportKeys.myTicket(id) });
      qc.setQueryData(supportKeys.myTicket(id), ticket);
      await qc.invalidateQueries({ queryKey: supportKeys.myLists() });
    },
  });
}
