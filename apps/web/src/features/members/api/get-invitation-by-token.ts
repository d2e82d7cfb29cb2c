import { InvitationPreviewSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

export const invitationByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: memberKeys.invitationByToken(token),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/invitations/by-token/${encodeURIComponent(token)}`, {
        schema: InvitationPreviewSchema,
        signal,
      }),
    staleTime: 0,
  });

/** GET /api/v1/invitations/by-token/{token} (public); not asked while `enabled` is false. */
export function useInvitationByToken(token: string, enabled = true) {
  return useQuery({ ...invitationByTokenQueryOptions(token), enabled });
}
