import { SupportTicketDetailSchema, type StaffReply } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffTicketApiPath, supportKeys } from './support-keys.ts';

/** POST /api/v1/service/support/tickets/{id}/messages: a reply, or an internal note. */
export const staffReply = (id: string, input: StaffReply) =>
  apiFetch(staffTicketApiPath(id, '/messages'), {
    method: 'POST',
    body: input,
    schema: SupportTicketDetailSchema,
  });

export function useStaffReply(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffReply) => staffReply(id, input),
    onSuccess: async (ticket) => {
      await qc.cancelQueries({ queryKey: supportKeys.staffTicket(id) });
      qc.setQueryData(supportKeys.staffTicket(id), ticket);
      await qc.invalidateQueries({ queryKey: supportKeys.queues() });
    },
  });
}
