import { InvitationListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

export const invitationsQueryOptions = queryOptions({
  queryKey: memberKeys.invitations(),
  queryFn: ({ signal }) =>
    apiFetch('/api/v1/invitations', { schema: InvitationListSchema, signal }),
});

/** GET /api/v1/invitations (pending ones; owners and admins). */
export function useInvitations(enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions, enabled });
}
