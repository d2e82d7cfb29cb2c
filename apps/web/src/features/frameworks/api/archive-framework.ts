import { FrameworkDetailSchema, type FrameworkDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { frameworkChanged } from './save-draft.ts';

/** POST /api/v1/content/frameworks/{id}/archive (archived: true) or /restore (false). */
export function setFrameworkArchived(id: string, archived: boolean): Promise<FrameworkDetail> {
  return apiFetch(
    `/api/v1/content/frameworks/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`,
    { method: 'POST', schema: FrameworkDetailSchema },
  );
}

export function useSetFrameworkArchived(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (archived: boolean) => setFrameworkArchived(id, archived),
    onSuccess: (detail) => frameworkChanged(qc, detail),
  });
}
