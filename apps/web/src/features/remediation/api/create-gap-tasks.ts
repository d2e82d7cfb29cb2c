import {
  GapTasksResultSchema,
  type CreateGapTasksInput,
  type GapTasksResult,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { remediationKeys } from './remediation-keys.ts';

/** POST …/assessments/{assessmentId}/gap-tasks: a task per gap question without an open one. */
export function createGapTasks(
  tenantId: string,
  assessmentId: string,
  body: CreateGapTasksInput,
): Promise<GapTasksResult> {
  return apiFetch(
    `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}/gap-tasks`,
    { method: 'POST', body, schema: GapTasksResultSchema },
  );
}

export function useCreateGapTasks(tenantId: string, assessmentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGapTasksInput) => createGapTasks(tenantId, assessmentId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: remediationKeys.lists(tenantId) }),
  });
}
