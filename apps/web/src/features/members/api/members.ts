import { MemberListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

export const MEMBERS_QUERY_KEY = ['members'] as const;

export const membersQueryOptions = queryOptions({
  queryKey: MEMBERS_QUERY_KEY,
  queryFn: ({ signal }) => apiFetch('/api/v1/members', { schema: MemberListSchema, signal }),
});

/** GET /api/v1/members */
export function useMembers() {
  return useQuery(membersQueryOptions);
}
