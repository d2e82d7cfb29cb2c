import { MemberListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { memberKeys } from './member-keys.ts';

export const membersQueryOptions = queryOptions({
  queryKey: memberKeys.list(),
  queryFn: ({ signal }) => apiFetch('/api/v1/members', { schema: MemberListSchema, signal }),
});

/** GET /api/v1/members */
export function useMembers() {
  return useQuery(membersQueryOptions);
}
