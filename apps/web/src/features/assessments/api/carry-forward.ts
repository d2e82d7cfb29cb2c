import { CarryForwardRecordSchema, type CarryForwardRecord } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/**
 * POST …/carry-forward `{ version }`: the assessment moves to that version; answers follow their
 * questions by key, changed ones are marked for review, the others are set aside in the record.
 * 409 `assessments.locked` on a completed assessment.
 */
export function carryForward(
  tenantId: string,
  assessmentId: string,
  version: number,
): Promise<CarryForwardRecord> {
  return apiFetch(assessmentPath(tenantId, assessmentId, '/carry-forward'), {
    method: 'POST',
    body: { version },
    schema: CarryForwardRecordSchema,
  });
}

export function useCarryForward(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => carryForward(tenantId, assessmentId, version),
    // Everything changes (document, answers, scores): the detail and what sits under it are
    // read again, and the lists show the new score.
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: assessmentKeys.detail(tenantId, assessmentId) }),
        qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId) }),
      ]);
    },
  });
}
