import { CarryForwardPreviewSchema, type CarryForwardPreview } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** GET …/carry-forward?version=N: what carrying forward to version N would do (nothing changes). */
export function fetchCarryForwardPreview(
  tenantId: string,
  assessmentId: string,
  version: number,
  signal?: AbortSignal,
): Promise<CarryForwardPreview> {
  return apiFetch(assessmentPath(tenantId, assessmentId, `/carry-forward?version=${version}`), {
    schema: CarryForwardPreviewSchema,
    signal,
  });
}

export const carryForwardPreviewQueryOptions = (
  tenantId: string,
  assessmentId: string,
  version: number,
) =>
  queryOptions({
    queryKey: assessmentKeys.carryForwardPreview(tenantId, assessmentId, version),
    queryFn: ({ signal }) => fetchCarryForwardPreview(tenantId, assessmentId, version, signal),
    // The answers may change while the dialog is closed: read again each time it opens.
    staleTime: 0,
  });

/** The preview of a carry-forward (asked when its dialog is opened). */
export function useCarryForwardPreview(
  tenantId: string,
  assessmentId: string,
  version: number,
  enabled: boolean,
) {
  return useQuery({
    ...carryForwardPreviewQueryOptions(tenantId, assessmentId, version),
    enabled,
  });
}
