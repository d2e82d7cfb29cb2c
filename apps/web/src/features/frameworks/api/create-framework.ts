import {
  FrameworkDetailSchema,
  type CreateFramework,
  type FrameworkDetail,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

/** POST /api/v1/content/frameworks: a new framework with an empty draft. */
export function createFramework(body: CreateFramework): Promise<FrameworkDetail> {
  return apiFetch('/api/v1/content/frameworks', {
    method: 'POST',
    body,
    schema: FrameworkDetailSchema,
  });
}

export function useCreateFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createFramework,
    onSuccess: (detail) => {
      qc.setQueryData(contentKeys.detail('frameworks', detail.id), detail);
      return qc.invalidateQueries({ queryKey: contentKeys.lists('frameworks') });
    },
  });
}
