import { SupportStaffListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** GET /api/v1/service/support/staff: who a ticket may be assigned to. */
export const staffMembersQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.staffMembers(),
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/service/support/staff', { schema: SupportStaffListSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const useStaffMembers = () => useQuery(staffMembersQueryOptions());
