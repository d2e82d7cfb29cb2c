import { ScheduleListSchema, type Schedule } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { scheduleKeys } from './schedule-keys.ts';

/** GET /api/v1/schedules, or a client tenant's (its own and its tags'). */
export async function fetchSchedules(
  tenantId: string | null,
  signal?: AbortSignal,
): Promise<Schedule[]> {
  const path = tenantId
    ? `/api/v1/tenants/${encodeURIComponent(tenantId)}/schedules`
    : '/api/v1/schedules';
  return (await apiFetch(path, { schema: ScheduleListSchema, signal })).items;
}

export const schedulesQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: tenantId ? scheduleKeys.tenant(tenantId) : scheduleKeys.account(),
    queryFn: ({ signal }) => fetchSchedules(tenantId, signal),
  });

export function useSchedules(tenantId: string | null) {
  return useQuery(schedulesQueryOptions(tenantId));
}
