import {
  FrameworkDetailSchema,
  type FrameworkDetail,
  type PublishFramework,
} from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { frameworkChanged } from './save-draft.ts';

/**
 * POST /api/v1/content/frameworks/{id}/publish: the saved draft becomes the next version.
 * 409 `content.nothing_to_publish` when it equals the latest version.
 */
export function publishFramework(id: string, body: PublishFramework): Promise<FrameworkDetail> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}/publish`, {
    method: 'POST',
    body,
    schema: FrameworkDetailSchema,
  });
}

export function usePublishFramework(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishFramework) => publishFramework(id, body),
    onSuccess: (detail) => frameworkChanged(qc, detail),
  });
}
