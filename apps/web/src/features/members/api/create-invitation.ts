import { InvitationSchema, type CreateInvitationInput } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

/** POST /api/v1/invitations */
export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiFetch('/api/v1/invitations', { method: 'POST', body: input, schema: InvitationSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.invitations() }),
  });
}
