import { FrameworkDetailSchema, type FrameworkDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

/** GET /api/v1/content/frameworks/{id}: the draft, its revision and the versions. */
export function fetchFramework(id: string, signal?: AbortSignal): Promise<FrameworkDetail> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}`, {
    schema: FrameworkDetailSchema,
    signal,
  });
}

export const frameworkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contentKeys.detail('frameworks', id),
    queryFn: ({ signal }) => fetchFramework(id, signal),
  });

export function useFramework(id: string) {
  return useQuery(frameworkQueryOptions(id));
}
