import { AcceptInvitationResultSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';

/**
 * POST /api/v1/invitations/by-token/{token}/accept. The account becomes the user's `tid`, so
 * the current user and everything cached for the previous account are refreshed.
 */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/v1/invitations/by-token/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body: {},
        schema: AcceptInvitationResultSchema,
      }),
    onSuccess: async () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      await qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
