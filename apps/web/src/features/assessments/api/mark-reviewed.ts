import type { AssessmentDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';
import { assessmentPath } from './get-assessment.ts';

const ReviewListSchema = z.object({ review: z.array(z.string()) });

/** PUT …/reviews/{questionKey}: the question is reviewed; the keys still to review. */
export async function markReviewed(
  tenantId: string,
  assessmentId: string,
  questionKey: string,
): Promise<string[]> {
  const result = await apiFetch(
    assessmentPath(tenantId, assessmentId, `/reviews/${encodeURIComponent(questionKey)}`),
    { method: 'PUT', schema: ReviewListSchema },
  );
  return result.review;
}

/** Marks a question reviewed after a carry-forward; the detail takes the list that is left. */
export function useMarkReviewed(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (questionKey: string) => markReviewed(tenantId, assessmentId, questionKey),
    onSuccess: (review) => {
      qc.setQueryData<AssessmentDetail>(assessmentKeys.detail(tenantId, assessmentId), (d) =>
        d ? { ...d, review } : d,
      );
    },
  });
}
