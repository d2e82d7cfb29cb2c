import { SupportTicketDetailSchema, type UpdateSupportTicket } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { staffTicketApiPath, supportKeys } from './support-keys.ts';

/** PATCH /api/v1/service/support/tickets/{id}: status, priority or assignee. */
export const updateTicket = (id: string, input: UpdateSupportTicket) =>
  apiFetch(staffTicketApiPath(id), {
    method: 'PATCH',
    body: input,
    schema: SupportTicketDetailSchema,
  });

export function useUpdateTicket(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSupportTicket) => updateTicket(id, input),
    onSuccess: async (ticket) => {
      qc.setQueryData(supportKeys.staffTicket(id), ticket);
      await qc.invalidateQueries({ queryKey: supportKeys.queues() });
    },
  });
}
