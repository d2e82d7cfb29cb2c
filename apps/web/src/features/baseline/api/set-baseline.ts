import { BaselineComparisonSchema, type BaselineComparison } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { baselineKeys } from './baseline-keys.ts';
import { baselinePath } from './get-baseline.ts';

/** PUT /api/v1/tenants/{tenantId}/baseline (409 `baseline.not_completed`, 404 not this tenant's). */
export function setBaseline(tenantId: string, assessmentId: string): Promise<BaselineComparison> {
  return apiFetch(baselinePath(tenantId), {
    method: 'PUT',
    body: { assessmentId },
    schema: BaselineComparisonSchema,
  });
}

/**
 * Marks a completed assessment as the baseline. The answer is the comparison with the latest
 * assessment: kept as it; comparisons with other assessments are stale (not read until shown).
 */
export function useSetBaseline(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (assessmentId: string) => setBaseline(tenantId, assessmentId),
    onSuccess: async (comparison) => {
      await qc.invalidateQueries({ queryKey: baselineKeys.tenant(tenantId), refetchType: 'none' });
      qc.setQueryData(baselineKeys.comparison(tenantId, undefined), comparison);
    },
  });
}
