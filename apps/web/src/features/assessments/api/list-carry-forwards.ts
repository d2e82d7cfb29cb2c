import { CarryForwardListSchema, type CarryForwardRecord } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** GET …/carry-forwards: every carry-forward, newest first, with the answers it set aside. */
export async function fetchCarryForwards(
  tenantId: string,
  assessmentId: string,
  signal?: AbortSignal,
): Promise<CarryForwardRecord[]> {
  const list = await apiFetch(assessmentPath(tenantId, assessmentId, '/carry-forwards'), {
    schema: CarryForwardListSchema,
    signal,
  });
  return list.items;
}

export const carryForwardsQueryOptions = (tenantId: string, assessmentId: string) =>
  queryOptions({
    queryKey: assessmentKeys.carryForwards(tenantId, assessmentId),
    queryFn: ({ signal }) => fetchCarryForwards(tenantId, assessmentId, signal),
  });

/** The carry-forwards of an assessment (asked when the set-aside answers are shown). */
export function useCarryForwards(tenantId: string, assessmentId: string, enabled: boolean) {
  return useQuery({ ...carryForwardsQueryOptions(tenantId, assessmentId), enabled });
}
