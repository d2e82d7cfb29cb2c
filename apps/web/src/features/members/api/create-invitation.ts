import { InvitationSchema, type CreateInvitationInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { INVITATIONS_QUERY_KEY } from './invitations.ts';

/** POST /api/v1/invitations */
export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiFetch('/api/v1/invitations', { method: 'POST', body: input, schema: InvitationSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY }),
  });
}
