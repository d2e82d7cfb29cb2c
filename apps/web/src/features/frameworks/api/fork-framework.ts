import { FrameworkDetailSchema, type ForkFramework, type FrameworkDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

/** POST /api/v1/content/frameworks/{id}/fork: a global framework copied into the account. */
export function forkFramework(id: string, body: ForkFramework): Promise<FrameworkDetail> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}/fork`, {
    method: 'POST',
    body,
    schema: FrameworkDetailSchema,
  });
}

export function useForkFramework(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ForkFramework) => forkFramework(id, body),
    onSuccess: (detail) => {
      qc.setQueryData(contentKeys.detail('frameworks', detail.id), detail);
      return qc.invalidateQueries({ queryKey: contentKeys.lists('frameworks') });
    },
  });
}
