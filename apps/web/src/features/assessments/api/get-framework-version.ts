import { LibraryFrameworkDetailSchema, type LibraryFrameworkDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** GET /api/v1/library/frameworks/{id}?version=: a published version (the latest without one). */
export function fetchFrameworkVersion(
  frameworkId: string,
  version: number | undefined,
  signal?: AbortSignal,
): Promise<LibraryFrameworkDetail> {
  const query = version ? `?version=${version}` : '';
  return apiFetch(`/api/v1/library/frameworks/${encodeURIComponent(frameworkId)}${query}`, {
    schema: LibraryFrameworkDetailSchema,
    signal,
  });
}

export const frameworkVersionQueryOptions = (frameworkId: string, version?: number) =>
  queryOptions({
    queryKey: assessmentKeys.frameworks.version(frameworkId, version),
    queryFn: ({ signal }) => fetchFrameworkVersion(frameworkId, version, signal),
    // Published versions never change.
    staleTime: Infinity,
  });

/**
 * A published version: to start from (its sections, tags, default targets and versions), or
 * to read set-aside answers through the questions they were given to.
 */
export function useFrameworkVersion(frameworkId: string, version?: number, enabled = true) {
  return useQuery({
    ...frameworkVersionQueryOptions(frameworkId, version),
    enabled: enabled && !!frameworkId,
  });
}
