import { ShareSchema, type Share, type ShareCreate } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { shareKeys } from './share-keys.ts';

/** POST /api/v1/tenants/{tenantId}/shares: the invitee gets a sign-in link by e-mail. */
export function createShare(tenantId: string, input: ShareCreate): Promise<Share> {
  return apiFetch(`/api/v1/tenants/${encodeURIComponent(tenantId)}/shares`, {
    method: 'POST',
    body: input,
    schema: ShareSchema,
  });
}

export function useCreateShare(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareCreate) => createShare(tenantId, input),
    // The tenant's list and the account's list both show the new share.
    onSettled: () => qc.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
