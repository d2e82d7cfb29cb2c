import { FrameworkDetailSchema, type FrameworkDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { frameworkChanged } from './save-draft.ts';

/** POST /api/v1/content/frameworks/{id}/draft/discard: the draft back to the latest version. */
export function discardDraft(id: string, revision: number): Promise<FrameworkDetail> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}/draft/discard`, {
    method: 'POST',
    body: { revision },
    schema: FrameworkDetailSchema,
  });
}

export function useDiscardDraft(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => discardDraft(id, revision),
    onSuccess: (detail) => frameworkChanged(qc, detail),
  });
}
