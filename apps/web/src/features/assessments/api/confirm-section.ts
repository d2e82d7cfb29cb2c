import {
  SectionConfirmResultSchema,
  type AssessmentDetail,
  type SectionConfirmResult,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { newIdempotencyKey } from '../lib/write-queue.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

/** POST …/sections/{sectionKey}/confirm: "Nothing changed here" (said once by its key). */
export function confirmSection(
  tenantId: string,
  assessmentId: string,
  sectionKey: string,
  idempotencyKey: string,
): Promise<SectionConfirmResult> {
  return apiFetch(
    assessmentPath(tenantId, assessmentId, `/sections/${encodeURIComponent(sectionKey)}/confirm`),
    { method: 'POST', body: { idempotencyKey }, schema: SectionConfirmResultSchema },
  );
}

/**
 * Confirms a section's carried answers at once; the detail is read again (its answers, scores
 * and carried states all changed), the lists marked stale.
 */
export function useConfirmSection(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionKey }: { sectionKey: string }) =>
      confirmSection(tenantId, assessmentId, sectionKey, newIdempotencyKey()),
    onSuccess: (result) => {
      qc.setQueryData<AssessmentDetail>(assessmentKeys.detail(tenantId, assessmentId), (d) =>
        d ? { ...d, carried: result.carried } : d,
      );
      void qc.invalidateQueries({ queryKey: assessmentKeys.detail(tenantId, assessmentId) });
      void qc.invalidateQueries({ queryKey: assessmentKeys.lists(tenantId), refetchType: 'none' });
    },
  });
}
